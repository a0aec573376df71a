import type { Attribute } from '../attributes/attribute.ts';
import { htmlValue } from './html-value.ts';

/** The decoded value of the first attribute called `name`, if any. */
export function attributeValue(attributes: readonly Attribute[], name: string): string | null | undefined {
  const attribute = attributes.find((candidate) => candidate.name === name);
  if (!attribute) return undefined;
  return attribute.value === null ? null : htmlValue.decode(attribute.value);
}
