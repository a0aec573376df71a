// Code: one `code-line` per line of the source, its text unmarked (the reader highlights it by `syntax`).
import type { DocumentBlockCode, DocumentBlockCodeLine } from '@gitbook/api';
import { textNode } from './document-nodes.ts';

/** The display options of `{% code %}` the model holds. */
export type CodeOptions = Omit<DocumentBlockCode['data'], 'collapsedLineCount'>;

/**
 * A code block from its source text.
 *
 * @example
 * codeBlock('a\nb', { syntax: 'js' }) // → { type: 'code', data: { syntax: 'js' }, nodes: [code-line 'a', code-line 'b'] }
 */
export function codeBlock(source: string, options: CodeOptions = {}): DocumentBlockCode {
  const lines = source.split(/\r?\n/).map((line): DocumentBlockCodeLine => ({ object: 'block', type: 'code-line', data: {}, nodes: [textNode(line)] }));
  const data: DocumentBlockCode['data'] = {};
  for (const [name, value] of Object.entries(options)) if (value !== undefined && value !== '') Object.assign(data, { [name]: value });
  return { object: 'block', type: 'code', data, nodes: lines };
}
