import { isMap, parseDocument, stringify, type YAMLError } from 'yaml';
import { LineIndex } from './line-index.ts';

/**
 * Frontmatter YAML, parsed with its problems located, and written in the canonical style.
 */

export type ParsedFrontmatter =
  | { ok: true; data: Record<string, unknown>; unknownKeysText: string }
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
  const document = parseDocument(yaml, { prettyErrors: false, uniqueKeys: false });
  if (document.errors.length > 0) {
    return { ok: false, ...describeYamlError(yaml, document.errors[0]!) };
  }
  if (document.contents === null) return { ok: true, data: {}, unknownKeysText: '' };
  if (!isMap(document.contents)) return { ok: false, line: 1, message: 'frontmatter must be a map of keys to values' };

  const items = document.contents.items;
  let unknownKeysText = '';
  items.forEach((pair, index) => {
    const key = (pair.key as { value?: unknown } | null)?.value;
    if (typeof key === 'string' && isKnown(key)) return;
    const start = lineStart(yaml, (pair.key as { range?: number[] } | null)?.range?.[0] ?? 0);
    const next = items[index + 1]?.key as { range?: number[] } | null | undefined;
    const end = next?.range ? lineStart(yaml, next.range[0]!) : yaml.length;
    unknownKeysText += yaml.slice(start, end);
  });
  if (unknownKeysText !== '' && !unknownKeysText.endsWith('\n')) unknownKeysText += '\n';
  return { ok: true, data: (document.toJS() ?? {}) as Record<string, unknown>, unknownKeysText };
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
  const knownText = Object.keys(known).length === 0 ? '' : stringify(known, { lineWidth: 0, indent: 2 });
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
