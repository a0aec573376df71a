import type { Element, ElementContent } from 'hast';
import type { BlockContent, DefinitionContent, List, ListItem, PhrasingContent } from 'mdast';
import type { Handle, State } from './convert-state.ts';

/*
 * Quire's dialect has no definition list, so `<dl>` becomes a bulleted list with an item per term:
 * `* **Term**: definition` when the term has one short definition, else the term in bold as the item's first
 * paragraph and the definitions after it. Groups are read as HTML does: terms, then their definitions, `<div>`
 * wrappers around groups unwrapped.
 */

interface Group {
  terms: Element[];
  definitions: Element[];
}

function groups(list: Element): Group[] {
  const children: ElementContent[] = [];
  for (const child of list.children) {
    if (child.type === 'element' && child.tagName === 'div') children.push(...child.children);
    else children.push(child);
  }
  const found: Group[] = [];
  let current: Group | undefined;
  for (const child of children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'dt') {
      if (!current || current.definitions.length > 0) found.push((current = { terms: [], definitions: [] }));
      current.terms.push(child);
    } else if (child.tagName === 'dd') {
      if (!current) found.push((current = { terms: [], definitions: [] }));
      current.definitions.push(child);
    }
  }
  return found;
}

function item(state: State, group: Group): ListItem | undefined {
  const term: PhrasingContent[] = [];
  for (const [index, element] of group.terms.entries()) {
    if (index > 0) term.push({ type: 'text', value: ', ' });
    term.push(...(state.all(element) as PhrasingContent[]));
  }
  const definitions = group.definitions.map((element) => state.toFlow(state.all(element)) as Array<BlockContent | DefinitionContent>);
  const strong: PhrasingContent[] = term.length === 0 ? [] : [{ type: 'strong', children: term }];
  const only = definitions.length === 1 ? definitions[0]! : undefined;
  if (only && only.length === 1 && only[0]!.type === 'paragraph') {
    const children = strong.length === 0 ? only[0]!.children : [...strong, { type: 'text' as const, value: ': ' }, ...only[0]!.children];
    return { type: 'listItem', spread: false, children: [{ type: 'paragraph', children }] };
  }
  const blocks: Array<BlockContent | DefinitionContent> = [...(strong.length === 0 ? [] : [{ type: 'paragraph' as const, children: strong }]), ...definitions.flat()];
  if (blocks.length === 0) return undefined;
  return { type: 'listItem', spread: blocks.length > 1, children: blocks };
}

/**
 * The handler of `<dl>` (see above); inside a table cell, the terms and definitions as text.
 *
 * @example
 * ```ts
 * toMdast(tree, { handlers: { dl: definitionListHandler } });
 * ```
 */
export const definitionListHandler: Handle = (state, element) => {
  if (state.inTable) return state.all(element);
  const items = groups(element)
    .map((group) => item(state, group))
    .filter((entry): entry is ListItem => entry !== undefined);
  if (items.length === 0) return undefined;
  const list: List = { type: 'list', ordered: false, spread: items.some((entry) => entry.spread), children: items };
  return list;
};
