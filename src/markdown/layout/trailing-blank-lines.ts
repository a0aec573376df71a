// Blank lines at the end of a document: CommonMark has no node for them, GitBook's exporter writes
// them (see types.ts), so the root counts them and the writer puts them back.
import type { Root } from 'mdast';
import './types.ts';

/** Records on `tree` how many blank lines end `source`. */
export function readTrailingBlankLines(tree: Root, source: string): void {
  if (tree.children.length === 0) return;
  const trailing = /\s*$/.exec(source)![0];
  const lineEndings = trailing.match(/\r?\n|\r/g)?.length ?? 0;
  if (lineEndings > 1) tree.data = { ...tree.data, trailingBlankLines: lineEndings - 1 };
}

/** Adds the blank lines `tree` records to its written form, which ends with one line ending. */
export function writeTrailingBlankLines(tree: Root, written: string): string {
  const count = tree.data?.trailingBlankLines ?? 0;
  return count > 0 && written !== '' ? written + '\n'.repeat(count) : written;
}
