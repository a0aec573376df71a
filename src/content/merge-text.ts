import { diff3, resolveRegion } from './diff3.ts';

/**
 * Three-way merge of Markdown bodies, line by line (diff3): clean when the regions each side changed do not
 * overlap (as with Git, changes to adjacent lines overlap). Line endings are kept as written.
 *
 * @example
 * mergeText('a\nb\nc\n', 'A\nb\nc\n', 'a\nb\nC\n') // → 'A\nb\nC\n'
 * mergeText('a\n', 'b\n', 'c\n') // → undefined (both changed the same line)
 */
export function mergeText(base: string, ours: string, theirs: string): string | undefined {
  if (ours === theirs || theirs === base) return ours;
  if (ours === base) return theirs;
  let merged = '';
  for (const region of diff3(lines(base), lines(ours), lines(theirs))) {
    const items = region.kind === 'stable' ? region.items : resolveRegion(region);
    if (items === undefined) return undefined;
    merged += items.join('');
  }
  return merged;
}

/** The lines of a text, each with its line break (the last one may have none). */
function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}
