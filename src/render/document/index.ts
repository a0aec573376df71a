// src/render/document: a page's Markdown → the published JSON document (`format=document`). Pure: no I/O.
export { markdownToDocument } from './markdown-to-document.ts';
export type { DocumentContext } from './document-context.ts';
export { documentText } from './document-text.ts';
