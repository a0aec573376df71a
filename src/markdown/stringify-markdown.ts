import type { Root } from 'mdast';
import { writeTrailingBlankLines } from './layout/trailing-blank-lines.ts';
import { processor } from './processor.ts';

/**
 * Writes a tree as Markdown in the canonical style (FORMAT.md, "Canonical style"), the style of
 * GitBook's exporter: `*` bullets, `_italic_`, `**bold**`, `***` rules, padded tables, Liquid tags
 * directly around their content.
 *
 * @example
 * ```ts
 * stringifyMarkdown({ type: 'root', children: [{ type: 'hint', style: 'info', children: [] }] });
 * // '{% hint style="info" %}\n\n{% endhint %}\n'
 * ```
 */
export function stringifyMarkdown(tree: Root): string {
  return writeTrailingBlankLines(tree, processor.stringify(tree));
}
