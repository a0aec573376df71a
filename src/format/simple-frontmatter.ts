/*
 * Frontmatter of one-line `key: text` pairs, read and written without the YAML library: the common case (a
 * `description:`), for which building a YAML document was most of the time spent on a page head (about 55 µs to
 * read one and 30 µs to write one; an initial import of 10,000 pages reads and writes its heads in the sync and
 * again in the server). Anything else returns undefined and goes to the YAML library; simple-frontmatter.test.ts
 * holds both directions to it, on generated text and on tricky values.
 *
 * "Simple" is kept narrow on purpose, so that the YAML library would give the same data and write the same text:
 * a key is an identifier; a value is a plain scalar that starts with a letter, holds only letters, digits, spaces
 * and a few punctuation marks that mean nothing inside a plain scalar, does not end with a space, and is not one
 * of the words the core schema reads as a boolean or null (nor one YAML 1.1 did, to be safe).
 */

const simpleKey = /^[A-Za-z][A-Za-z0-9_]*$/;
const simpleValue = /^\p{L}[\p{L}\p{N} .,;'()/!?+=_-]*$/u;
/** Words YAML reads as something other than text (core schema: null, booleans; YAML 1.1 also yes/no/on/off). */
const notText = /^(?:null|true|false|yes|no|on|off|y|n)$/i;

function isSimpleValue(value: unknown): value is string {
  return typeof value === 'string' && simpleValue.test(value) && !value.endsWith(' ') && !notText.test(value);
}

function isSimpleKey(key: string): boolean {
  return simpleKey.test(key) && !notText.test(key);
}

/** What `parseFrontmatter` reads from simple frontmatter: the data, and each key's line as written. */
export interface SimpleFrontmatter {
  data: Record<string, string>;
  keyTexts: Array<{ key: string; text: string }>;
}

/**
 * Reads frontmatter made only of one-line `key: text` pairs with distinct keys; undefined for anything else.
 *
 * @example
 * readSimpleFrontmatter('description: Hello there\n') // → { data: { description: 'Hello there' }, keyTexts: [...] }
 * readSimpleFrontmatter('layout:\n  width: wide\n') // → undefined
 */
export function readSimpleFrontmatter(yaml: string): SimpleFrontmatter | undefined {
  if (yaml === '') return undefined;
  const lines = yaml.split('\n');
  // The last piece is what follows the final newline: nothing, or a last line without one.
  if (lines.at(-1) === '') lines.pop();
  const data: Record<string, string> = {};
  const keyTexts: Array<{ key: string; text: string }> = [];
  for (const line of lines) {
    const colon = line.indexOf(': ');
    if (colon < 0) return undefined;
    const key = line.slice(0, colon);
    const value = line.slice(colon + 2);
    if (!isSimpleKey(key) || !isSimpleValue(value) || Object.hasOwn(data, key)) return undefined;
    data[key] = value;
    keyTexts.push({ key, text: `${line}\n` });
  }
  return { data, keyTexts };
}

/**
 * Writes `known` as `stringify(known, { lineWidth: 0, indent: 2 })` of the YAML library would, when every key is
 * an identifier and every value simple text; undefined otherwise.
 *
 * @example
 * writeSimpleFrontmatter({ description: 'Hi' }) // → 'description: Hi\n'
 * writeSimpleFrontmatter({ hidden: true }) // → undefined
 */
export function writeSimpleFrontmatter(known: Record<string, unknown>): string | undefined {
  let text = '';
  for (const [key, value] of Object.entries(known)) {
    if (!isSimpleKey(key) || !isSimpleValue(value)) return undefined;
    text += `${key}: ${value}\n`;
  }
  return text;
}
