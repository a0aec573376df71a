// Reading the text of a Liquid tag: `{% name args %}`, and the args as attributes.
import type { Attribute } from '../attributes/attribute.ts';
import { readTagName } from './tag-name.ts';

/** A tag split into its name and the text of its arguments. */
export interface ParsedTag {
  name: string;
  /** Everything between the name and `%}`, trimmed; `''` when there is none. */
  args: string;
}

/** Splits a tag; `undefined` when it is not `{% name ... %}` (whitespace control, no name). */
export function parseTag(value: string): ParsedTag | undefined {
  const name = readTagName(value);
  if (!name || !value.endsWith('%}')) return undefined;
  const rest = value.slice(value.indexOf(name) + name.length, -2);
  // The name must end at whitespace or at `%}`.
  if (rest !== '' && !/^\s/.test(rest)) return undefined;
  return { name, args: rest.trim() };
}

const attributePattern = /^([^\s"'=%]+)(?:=(?:"((?:[^"\\]|\\[\s\S])*)"|'((?:[^'\\]|\\[\s\S])*)'|([^\s"']+)))?(?:\s+|$)/;

/** Reads `key="value" flag other='x'` into attributes; `undefined` when the text is not a list of them. */
export function parseTagAttributes(args: string): Attribute[] | undefined {
  const attributes: Attribute[] = [];
  let rest = args;
  while (rest !== '') {
    const match = attributePattern.exec(rest);
    if (!match) return undefined;
    const [whole, name, double, single, bare] = match;
    if (double !== undefined) attributes.push({ name: name!, value: double, quote: '"' });
    else if (single !== undefined) attributes.push({ name: name!, value: single, quote: "'" });
    else if (bare !== undefined) attributes.push({ name: name!, value: bare, quote: '' });
    else attributes.push({ name: name!, value: null, quote: '' });
    rest = rest.slice(whole.length);
  }
  return attributes;
}
