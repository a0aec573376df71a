// The kinds of attribute rules blocks are made of: a string, a `"true"`/`"false"` flag, a list, a
// fixed value. Each maps one attribute to one field of the same shape in every block.
import type { AttributeRule } from './attribute-schema.ts';

type FieldsOf<K extends string, T> = { [P in K]?: T };

/** `name="text"` read into a string field. */
export function stringRule<K extends string>(field: K, attribute: string = field): AttributeRule<FieldsOf<K, string>> {
  return {
    attribute,
    read: (value) => (value === null ? undefined : ({ [field]: value } as FieldsOf<K, string>)),
    write: (fields) => fields[field],
  };
}

/** `name="true"` or `name="false"` read into a boolean field. */
export function booleanRule<K extends string>(field: K, attribute: string = field): AttributeRule<FieldsOf<K, boolean>> {
  return {
    attribute,
    read: (value) => (value === 'true' || value === 'false' ? ({ [field]: value === 'true' } as FieldsOf<K, boolean>) : undefined),
    write: (fields) => (fields[field] === undefined ? undefined : String(fields[field])),
  };
}

/** `name="a,b"` read into a list of strings. */
export function listRule<K extends string>(field: K, attribute: string = field): AttributeRule<FieldsOf<K, string[]>> {
  return {
    attribute,
    read: (value) => (value === null ? undefined : ({ [field]: value === '' ? [] : value.split(',') } as FieldsOf<K, string[]>)),
    write: (fields) => fields[field]?.join(','),
  };
}
