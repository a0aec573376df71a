import type { Heading, Nodes, Root, RootContent } from 'mdast';
import { slugify, uniqueSlug } from '../format/slug.ts';
import { parseMarkdown } from '../markdown/index.ts';
import { fastSearchSections } from './search-sections-fast.ts';
import { visibleFields } from './search-visible-text.ts';

/**
 * A section of a page for search: the text under one heading, up to the next heading. The section before the
 * first heading (the introduction) has an empty title and anchor.
 */
export interface SearchSection {
  /** The heading's text ('' for the introduction). */
  title: string;
  /** The heading's anchor in the page (`install-the-cli`), as the renderer makes it ('' for the introduction). */
  anchor: string;
  /** The plain text of the section: no markup, no HTML, no code fence info strings; blocks separated by spaces. */
  body: string;
}

/** GitBook's explicit heading anchor, `## Title <a href="#slug" id="slug"></a>`: its id. */
const explicitAnchor = /^<a\s[^>]*\bid\s*=\s*["']([^"']+)["'][^>]*>$/i;

/**
 * The sections of a page body (Markdown, as stored): read from markdown-it's tokens when the page allows it
 * (src/content/search-sections-fast.ts, the same result), else parsed with the repository's parser (src/markdown), split
 * at every heading, each reduced to plain text. The introduction is kept when it has text, or when the page has
 * no heading at all (so a page is always findable by its title). Anchors follow the renderer's rule: the
 * explicit anchor when there is one, else the slug of the heading's text, made unique in the page.
 *
 * @example
 * searchSections('Intro.\n\n## Install\n\nRun `npm i`.\n')
 * // → [{ title: '', anchor: '', body: 'Intro.' }, { title: 'Install', anchor: 'install', body: 'Run npm i.' }]
 */
export function searchSections(markdown: string): SearchSection[] {
  return fastSearchSections(markdown) ?? parsedSearchSections(markdown);
}

/**
 * `searchSections` by the full parse always (the reference the fast reading is held to).
 *
 * @example
 * parsedSearchSections('# A\n\nb') // → [{ title: 'A', anchor: 'a', body: 'b' }]
 */
export function parsedSearchSections(markdown: string): SearchSection[] {
  return sectionsOf(parseMarkdown(markdown));
}

function sectionsOf(tree: Root): SearchSection[] {
  const sections: { title: string; anchor: string; parts: string[] }[] = [{ title: '', anchor: '', parts: [] }];
  const anchors = new Set<string>();
  for (const node of tree.children) {
    if (node.type === 'heading') {
      const { title, explicit } = headingText(node);
      const anchor = uniqueSlug(explicit ?? slugify(title), (slug) => anchors.has(slug));
      anchors.add(anchor);
      sections.push({ title, anchor, parts: [] });
      continue;
    }
    collectText(node, sections[sections.length - 1]!.parts);
  }
  const result = sections.map((section) => ({ title: section.title, anchor: section.anchor, body: squeeze(section.parts.join('')) }));
  const [intro, ...rest] = result;
  return intro!.body === '' && rest.length > 0 ? rest : result;
}

function headingText(heading: Heading): { title: string; explicit: string | undefined } {
  let explicit: string | undefined;
  const parts: string[] = [];
  for (const child of heading.children) {
    if (child.type === 'html') {
      const match = explicitAnchor.exec(child.value.trim());
      if (match) explicit ??= match[1];
      continue;
    }
    collectText(child, parts);
  }
  return { title: squeeze(parts.join('')), explicit };
}

/** Block-level nodes: their text is separated from what follows by a space. */
const inlineTypes = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'link', 'linkReference', 'break', 'mark', 'inlineMath', 'icon', 'button', 'inlineImage']);

function collectText(node: Nodes | RootContent, parts: string[]): void {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      parts.push(node.value);
      return;
    case 'code':
      // The code itself is text a reader searches for; its info string (language, options) is not.
      parts.push(node.value, ' ');
      return;
    case 'break':
      parts.push(' ');
      return;
    case 'html':
    case 'liquidTag':
    case 'yaml':
    case 'definition':
    case 'image':
    case 'imageReference':
      return;
    default:
      break;
  }
  const extra = visibleFields(node);
  if (extra !== '') parts.push(extra, ' ');
  if ('children' in node && Array.isArray(node.children)) {
    for (const child of node.children as RootContent[]) collectText(child, parts);
  }
  if (!inlineTypes.has(node.type)) parts.push(' ');
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
