/**
 * The frontmatter most pages carry, one `key: words` line per key, read and written without the YAML library:
 * parsing and writing 1,000 of them with it was ~0.15 s of a structural sync's CPU (issue 17), most of it the
 * library's cold start. Only text that YAML 1.2's core schema (the `yaml` package's default) can read in one way
 * qualifies, so the result is what the library gives (page-text-memo.test.ts compares both on tricky input):
 *
 * - every line is `<key>: <value>`, ending in `\n` (the last one may lack it), no blank line, no comment;
 * - keys are distinct words (letters, digits, `_`, `-`; a letter first);
 * - values are plain scalars that can only be a string: a letter first (no indicator, number, `.inf`), no
 *   `:` or `#` anywhere (no mapping, no comment), no quote, bracket, brace, tab or `\r`, no trailing space;
 * - neither is one of the core schema's `null`, `true`, `false` spellings.
 *
 * Anything else is undefined here, and takes the YAML library's way.
 */

const plainWord = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const plainString = /^[A-Za-z](?:[A-Za-z0-9 ,.!?()/'&+*=%$@~^|<>;-]*[A-Za-z0-9.!?)/'&+*=%$@~^|<>;-])?$/;
/** The core schema's null and boolean spellings (https://yaml.org/spec/1.2.2/#1032-tag-resolution). */
const coreKeywords = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);

function isPlainWord(text: string): boolean {
  return plainWord.test(text) && !coreKeywords.has(text);
}

/** A string YAML reads back as itself when written plain, and writes plain (no quotes, no folding). */
export function isPlainString(value: unknown): value is string {
  return typeof value === 'string' && plainString.test(value) && !coreKeywords.has(value);
}

/** What `parseFrontmatter` returns for plain frontmatter. */
export interface PlainFrontmatter {
  ok: true;
  data: Record<string, unknown>;
  unknownKeysText: string;
  keyTexts: Array<{ key: string; text: string }>;
}

/**
 * Reads plain frontmatter; undefined when the text is not plain (then the YAML library must read it).
 *
 * @example
 * readPlainFrontmatter('description: Hi\n', (key) => key === 'description')
 * // → { ok: true, data: { description: 'Hi' }, unknownKeysText: '', keyTexts: [{ key: 'description', text: 'description: Hi\n' }] }
 * readPlainFrontmatter('hidden: true\n', () => true) // → undefined
 */
export function readPlainFrontmatter(yaml: string, isKnown: (key: string) => boolean): PlainFrontmatter | undefined {
  if (yaml === '') return undefined;
  const lines = yaml.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const data: Record<string, unknown> = {};
  const keyTexts: Array<{ key: string; text: string }> = [];
  let unknownKeysText = '';
  for (const line of lines) {
    const colon = line.indexOf(': ');
    if (colon < 0) return undefined;
    const key = line.slice(0, colon);
    const value = line.slice(colon + 2);
    if (!isPlainWord(key) || !isPlainString(value) || Object.hasOwn(data, key)) return undefined;
    data[key] = value;
    const text = `${line}\n`;
    keyTexts.push({ key, text });
    if (!isKnown(key)) unknownKeysText += text;
  }
  return { ok: true, data, unknownKeysText, keyTexts };
}

/**
 * Writes `known` as the YAML library would (`stringify(known, { lineWidth: 0, indent: 2 })`) when every key is a
 * plain word and every value a plain string; undefined otherwise.
 *
 * @example
 * writePlainFrontmatter({ description: 'Hi' }) // → 'description: Hi\n'
 * writePlainFrontmatter({ hidden: true }) // → undefined
 */
export function writePlainFrontmatter(known: Record<string, unknown>): string | undefined {
  let text = '';
  for (const [key, value] of Object.entries(known)) {
    if (!isPlainWord(key) || !isPlainString(value)) return undefined;
    text += `${key}: ${value}\n`;
  }
  return text;
}
