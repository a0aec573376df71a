import type { PublishedJsonDocument } from './published-content-shapes.ts';

/**
 * The published JSON document (`JSONDocument`) of a page or reusable-content body, for `format=document` and
 * the `/document` routes. This is the single place the service turns Markdown into a JSON document.
 *
 * PLACEHOLDER until the Markdown → JSON document converter of `src/render/document/` lands: each block of
 * text (lines up to a blank line) becomes a paragraph of plain text. Replace the body of this function with a
 * call to that converter; the routes and their response schemas do not change.
 *
 * @example
 * jsonDocumentOf('Hello\n\nWorld\n').nodes.length // → 2
 */
export function jsonDocumentOf(markdown: string): PublishedJsonDocument {
  const blocks = markdown
    .split(/\r?\n[ \t]*\r?\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '');
  return {
    object: 'document',
    data: {},
    nodes: blocks.map((text) => ({ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] })),
  };
}
