import type { Element, ElementContent } from 'hast';
import type { BlockContent, DefinitionContent, ListItem } from 'mdast';
import type { Handle } from './convert-state.ts';

/*
 * List items are loose (blank lines between their blocks) only when the page wrote paragraphs in them
 * (`<li><p>`), as Markdown renderers do for loose lists. hast-util-to-mdast's own rule also makes loose every item
 * that holds a nested list of two items, which doubles the height of every nested list imported.
 */

/** The task list checkbox an item starts with, directly or in its first paragraph, and the item without it. */
function leadingCheckbox(item: Element): { checkbox: Element | undefined; rest: Element } {
  const [head] = item.children;
  if (head?.type === 'element' && head.tagName === 'input') return { checkbox: head, rest: { ...item, children: item.children.slice(1) } };
  if (head?.type === 'element' && head.tagName === 'p') {
    const inner = leadingCheckbox(head);
    if (inner.checkbox) return { checkbox: inner.checkbox, rest: { ...item, children: [inner.rest, ...item.children.slice(1)] } };
  }
  return { checkbox: undefined, rest: item };
}

function hasParagraph(item: Element): boolean {
  return item.children.some((child: ElementContent) => child.type === 'element' && child.tagName === 'p');
}

/**
 * The handler of `<li>` (see above); a leading checkbox makes a task list item, checked when it was.
 *
 * @example
 * ```ts
 * toMdast(tree, { handlers: { li: listItemHandler } });
 * ```
 */
export const listItemHandler: Handle = (state, element) => {
  const { checkbox, rest } = leadingCheckbox(element);
  const children = state.toFlow(state.all(rest)) as Array<BlockContent | DefinitionContent>;
  const checked = checkbox ? checkbox.properties['checked'] === true || checkbox.properties['checked'] === '' : null;
  const item: ListItem = { type: 'listItem', spread: children.length > 1 && hasParagraph(rest), checked, children };
  return item;
};
