// Test support: the words a reader of a Markdown page reads, to check that its document keeps them all. Left out
// is what the document holds as data or derives from elsewhere, not as text: formulas (math blocks), what GitBook
// writes inside reference blocks (a content-ref's link, an OpenAPI block's link to its spec, a card's link
// text: the page's or file's name), a mention's text (the page's title), an icon's fallback text, HTML comments,
// and image alt text.
import type { Nodes as HastNodes } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import type { Nodes } from 'mdast';
import { parseMarkdown } from '../../markdown/index.ts';
import { attributeValue } from '../../markdown/html/attribute-value.ts';

const derived = new Set(['contentRef', 'pageRef', 'openapi', 'openapiOperation', 'openapiSchemas', 'openapiWebhook', 'icon', 'math', 'inlineMath', 'definition', 'integrationBlock']);

/**
 * The words (runs of letters and digits) of the text of `markdown`.
 *
 * @example
 * markdownWords('Hello **world** `x`') // → ['Hello', 'world', 'x']
 */
export function markdownWords(markdown: string): string[] {
  const texts: string[] = [];
  collect(parseMarkdown(markdown), texts);
  return texts.flatMap((text) => text.match(/[\p{L}\p{N}]+/gu) ?? []);
}

function collect(node: Nodes, texts: string[]): void {
  if (derived.has(node.type)) return;
  if (node.type === 'link' && node.title === 'mention') return;
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'code':
      texts.push(node.value);
      return;
    case 'html':
      texts.push(htmlText(node.value));
      return;
    case 'liquidTag':
      texts.push(node.value);
      return;
    case 'liquidBlock':
      texts.push(node.open, node.close);
      break;
    case 'figure':
      texts.push(htmlText(node.caption ?? ''));
      return;
    case 'condition':
      // `{% else %}` in a condition is the start of the next branch, not content.
      for (const child of node.children) if (!(child.type === 'liquidTag' && /^(else|elsif|elseif)$/.test(child.name))) collect(child, texts);
      return;
    case 'details':
      texts.push(htmlText(node.summary));
      break;
    case 'cards':
      node.columns.forEach((column, index) => {
        texts.push(htmlText(column.title));
        const type = attributeValue(column.attributes, 'data-type');
        if (type === 'content-ref' || type === 'files') return;
        for (const row of node.rows) texts.push(htmlText(row.cells[index] ?? ''));
      });
      return;
  }
  if ('children' in node) for (const child of node.children) collect(child as Nodes, texts);
}

function htmlText(html: string): string {
  const parts: string[] = [];
  const walk = (node: HastNodes) => {
    if (node.type === 'text') parts.push(node.value);
    else if (node.type === 'element' || node.type === 'root') {
      const className = node.type === 'element' ? node.properties.className : undefined;
      if (node.type === 'element' && node.tagName === 'i' && Array.isArray(className) && className.some((name) => String(name).startsWith('fa-'))) return;
      for (const child of node.children) walk(child);
    }
    parts.push(' ');
  };
  walk(fromHtml(html, { fragment: true }));
  return parts.join('');
}
