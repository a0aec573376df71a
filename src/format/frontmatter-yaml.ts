import { isMap, isSeq, stringify, type YAMLError } from 'yaml';
import { LineIndex } from './line-index.ts';
import { parseYamlDocument } from './yaml-depth.ts';
import { readPlainFrontmatter, writePlainFrontmatter } from './plain-frontmatter.ts';

/**
 * Frontmatter YAML, parsed with its problems located, and written in the canonical style.
 */

export type ParsedFrontmatter =
  | {
      ok: true;
      data: Record<string, unknown>;
      unknownKeysText: string;
      /** The text of every top-level key as written (its line(s), up to the next key), in order. */
      keyTexts: Array<{ key: string; text: string }>;
    }
  | { ok: false; line: number | undefined; message: string };

/**
 * Parses frontmatter YAML. `unknownKeysText` is the text of the keys `isKnown` refuses, exactly as written,
 * in their order, so a regenerated frontmatter can put them back verbatim (FORMAT.md, "Page files").
 * `line` is relative to the YAML text (1 = its first line).
 *
 * @example
 * parseFrontmatter('description: Hi\nowner: docs-team\n', (key) => key === 'description')
 * // → { ok: true, data: { description: 'Hi', owner: 'docs-team' }, unknownKeysText: 'owner: docs-team\n' }
 */
export function parseFrontmatter(yaml: string, isKnown: (key: string) => boolean): ParsedFrontmatter {
  // Most pages' frontmatter is `key: words` lines, read as the library would, without it (plain-frontmatter.ts).
  const plain = readPlainFrontmatter(yaml, isKnown);
  if (plain !== undefined) return plain;
  const document = parseYamlDocument(yaml, { prettyErrors: false, uniqueKeys: false });
  if (document.errors.length > 0) {
    return { ok: false, ...describeYamlError(yaml, document.errors[0]!) };
  }
  if (document.contents === null) return { ok: true, data: {}, unknownKeysText: '', keyTexts: [] };
  if (!isMap(document.contents)) return { ok: false, line: 1, message: 'frontmatter must be a map of keys to values' };

  const items = document.contents.items;
  let unknownKeysText = '';
  const keyTexts: Array<{ key: string; text: string }> = [];
  items.forEach((pair, index) => {
    const key = (pair.key as { value?: unknown } | null)?.value;
    const start = lineStart(yaml, (pair.key as { range?: number[] } | null)?.range?.[0] ?? 0);
    const next = items[index + 1]?.key as { range?: number[] } | null | undefined;
    const end = next?.range ? lineStart(yaml, next.range[0]!) : yaml.length;
    let text = yaml.slice(start, end);
    if (!text.endsWith('\n')) text += '\n';
    keyTexts.push({ key: String(key), text });
    if (typeof key === 'string' && isKnown(key)) return;
    unknownKeysText += text;
  });
  return { ok: true, data: (document.toJS() ?? {}) as Record<string, unknown>, unknownKeysText, keyTexts };
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/**
 * Canonical frontmatter YAML: the unknown keys as they were written, then the known keys in order,
 * block style, no line folding. Empty string when there is nothing to write.
 *
 * @example
 * writeFrontmatter('', { description: 'Hi' }) // → 'description: Hi\n'
 */
export function writeFrontmatter(unknownKeysText: string, known: Record<string, unknown>): string {
  const knownText = Object.keys(known).length === 0 ? '' : (writePlainFrontmatter(known) ?? stringify(known, { lineWidth: 0, indent: 2 }));
  return unknownKeysText + knownText;
}

/**
 * The line and a one-line message for a YAML error. An error found at the end of the text (an unclosed
 * bracket or quote) is placed on the last line that has content, where the author needs to look.
 */
export function describeYamlError(text: string, error: YAMLError): { line: number; message: string } {
  let offset = Math.min(error.pos[0], text.length);
  while (offset > 0 && /\s/.test(text[offset] ?? ' ')) offset--;
  return { line: new LineIndex(text).lineOf(offset), message: error.message.split('\n')[0]! };
}

/**
 * The line (1 = the YAML's first line) of a key inside frontmatter, given as a dotted path: `layout.cover.size`,
 * `cover.dark`, `tags.1` (the second item of `tags`). When the path goes deeper than the YAML, the line of the
 * deepest part found; undefined when not even the top-level key is there (or the YAML does not parse).
 *
 * @example
 * lineOfKeyPath('layout:\n  cover:\n    size: weird\n', 'layout.cover.size') // → 3
 */
export function lineOfKeyPath(yaml: string, keyPath: string): number | undefined {
  const document = parseYamlDocument(yaml, { prettyErrors: false, uniqueKeys: false });
  if (document.errors.length > 0) return undefined;
  const lines = new LineIndex(yaml);
  let node: unknown = document.contents;
  let offset: number | undefined;
  for (const segment of keyPath.split('.')) {
    if (isMap(node)) {
      const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === segment);
      const start = (pair?.key as { range?: number[] } | null | undefined)?.range?.[0];
      if (pair === undefined || start === undefined) break;
      offset = start;
      node = pair.value;
    } else if (isSeq(node) && /^\d+$/.test(segment)) {
      const item = node.items[Number(segment)] as { range?: number[] } | undefined;
      const start = item?.range?.[0];
      if (start === undefined) break;
      offset = start;
      node = item;
    } else break;
  }
  return offset === undefined ? undefined : lines.lineOf(offset);
}
