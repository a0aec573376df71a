import type { Element } from 'hast';
import type { Heading, PhrasingContent } from 'mdast';
import { slugify } from '../format/slug.ts';
import { escapeHtml } from './convert-escape-html.ts';
import { collapseWhitespace } from './convert-page-meta.ts';
import { marks, type Handle } from './convert-state.ts';
import { nodeText } from './convert-text.ts';
import { stringProperty, walkElements } from './convert-walk.ts';

/*
 * Headings. The page's title is not in the body (FORMAT.md: it is the file's `# ` line), so body headings are
 * `##` to `####`: `<h1>` and `<h2>` become `##`, `<h3>` `###`, `<h4>` to `<h6>` `####`.
 *
 * Links into a page name its headings' ids (`install.html#linux`). Quire gives a heading the slug of its text
 * (unique in the page) unless it carries GitBook's explicit anchor, `## Title <a href="#id" id="id"></a>`, so the
 * anchor is written exactly when the page's id differs from the slug Quire would give: links keep working. The id
 * is the heading's own, else that of an empty `<a id|name>` inside it or just before it, else that of the
 * `<section>` it opens (Sphinx puts it there).
 */

/** Ids that survive inside an attribute and the renderer's anchor pattern. */
const usableId = /^[^\s"'<>&`]{1,100}$/;

/**
 * Marks every heading under `root` that has a source id (see above) with it (`marks.anchor`).
 *
 * @example
 * ```ts
 * markHeadingIds(content); // <section id="linux"><h2>Linux</h2>… → the <h2> is marked 'linux'
 * ```
 */
export function markHeadingIds(root: Element): void {
  // The walk is in document order, so the element seen last under a parent is the one before.
  const previous = new WeakMap<object, Element>();
  walkElements(root, (element, parent) => {
    const before = previous.get(parent);
    previous.set(parent, element);
    if (!/^h[1-6]$/.test(element.tagName)) return 'continue';
    const id =
      stringProperty(element, 'id') ??
      innerAnchorId(element) ??
      (before && isEmptyAnchor(before) ? (stringProperty(before, 'id') ?? stringProperty(before, 'name')) : undefined) ??
      (parent.type === 'element' && parent.tagName === 'section' && before === undefined ? stringProperty(parent, 'id') : undefined);
    if (id !== undefined && usableId.test(id)) element.properties[marks.anchor] = id;
    return 'skip';
  });
}

function isEmptyAnchor(element: Element): boolean {
  return element.tagName === 'a' && stringProperty(element, 'href') === undefined && nodeText(element).trim() === '' && (stringProperty(element, 'id') ?? stringProperty(element, 'name')) !== undefined;
}

function innerAnchorId(heading: Element): string | undefined {
  let found: string | undefined;
  walkElements(heading, (element) => {
    if (found === undefined && isEmptyAnchor(element)) found = stringProperty(element, 'id') ?? stringProperty(element, 'name');
    return 'continue';
  });
  return found;
}

/**
 * The handlers of `<h1>` to `<h6>` (see above), sharing the page's slugs; inside a table cell, the text alone.
 *
 * @example
 * ```ts
 * markHeadingIds(tree);
 * toMdast(tree, { handlers: headingHandlers() });
 * ```
 */
export function headingHandlers(): Record<string, Handle> {
  const taken = new Set<string>();
  // The last suffix tried for each base: every one below it is taken, so a page of 20,000 headings all called
  // "Example" costs 20,000 steps, not 200 million.
  const lastSuffix = new Map<string, number>();
  const free = (wanted: string): string => {
    let counter = lastSuffix.get(wanted) ?? 0;
    let id = counter === 0 ? wanted : `${wanted}-${counter}`;
    while (taken.has(id)) id = `${wanted}-${++counter}`;
    lastSuffix.set(wanted, counter);
    return id;
  };
  const heading: Handle = (state, element) => {
    const children = state.all(element) as PhrasingContent[];
    if (state.inTable) return children;
    const label = collapseWhitespace(nodeText(element));
    if (label === '' && children.length === 0) return undefined;
    const level = Number(element.tagName.slice(1));
    const depth = Math.min(4, Math.max(2, level)) as Heading['depth'];
    const marked = element.properties[marks.anchor];
    const source = typeof marked === 'string' ? marked : undefined;
    const automatic = free(slugify(label));
    if (source === undefined || source === automatic) {
      taken.add(automatic);
      return { type: 'heading', depth, children };
    }
    const unique = free(source);
    taken.add(unique);
    const id = escapeHtml(unique);
    return { type: 'heading', depth, children: [...children, { type: 'text', value: ' ' }, { type: 'html', value: `<a href="#${id}" id="${id}"></a>` }] };
  };
  return { h1: heading, h2: heading, h3: heading, h4: heading, h5: heading, h6: heading };
}
