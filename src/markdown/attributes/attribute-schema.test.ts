import { describe, expect, it } from 'vitest';
import { liquidValue } from '../liquid/liquid-value.ts';
import type { Attribute } from './attribute.ts';
import { booleanRule, stringRule } from './attribute-rules.ts';
import { readAttributes, writeAttributes, type AttributeSchema } from './attribute-schema.ts';

interface Fields {
  title?: string;
  lineNumbers?: boolean;
}

const schema: AttributeSchema<Fields> = [stringRule('title'), booleanRule('lineNumbers')];
const attribute = (name: string, value: string | null, quote: Attribute['quote'] = '"'): Attribute => ({ name, value, quote });

describe('attribute schema', () => {
  it('reads fields and drops the written list when it is canonical', () => {
    const read = readAttributes(schema, [attribute('title', 'a.js'), attribute('lineNumbers', 'true')], liquidValue);
    expect(read).toEqual({ fields: { title: 'a.js', lineNumbers: true }, attributes: undefined });
  });

  it('keeps the written list when it has unknown attributes, another order or other quotes', () => {
    const unknown = [attribute('title', 'a'), attribute('foo', 'bar', "'")];
    expect(readAttributes(schema, unknown, liquidValue).attributes).toEqual(unknown);
    const reordered = [attribute('lineNumbers', 'true'), attribute('title', 'a')];
    expect(readAttributes(schema, reordered, liquidValue).attributes).toEqual(reordered);
    const quoted = [attribute('title', 'a', "'")];
    expect(readAttributes(schema, quoted, liquidValue)).toEqual({ fields: { title: 'a' }, attributes: quoted });
  });

  it('decodes escapes into fields and keeps the escaped text', () => {
    const written = [attribute('title', 'a\\#b')];
    expect(readAttributes(schema, written, liquidValue)).toEqual({ fields: { title: 'a#b' }, attributes: written });
    expect(writeAttributes(schema, { title: 'a#b' }, written, liquidValue)).toEqual(written);
  });

  it('writes edited fields in place, drops removed ones, appends new ones and keeps unknown ones', () => {
    const written = [attribute('foo', null, ''), attribute('title', 'old'), attribute('bar', 'x', "'")];
    expect(writeAttributes(schema, { title: 'new "one"', lineNumbers: false }, written, liquidValue)).toEqual([
      attribute('foo', null, ''),
      attribute('title', 'new \\"one\\"'),
      attribute('bar', 'x', "'"),
      attribute('lineNumbers', 'false'),
    ]);
    expect(writeAttributes(schema, {}, written, liquidValue)).toEqual([attribute('foo', null, ''), attribute('bar', 'x', "'")]);
  });

  it('keeps a value it cannot read while the field stays absent', () => {
    const written = [attribute('lineNumbers', 'yes')];
    const read = readAttributes(schema, written, liquidValue);
    expect(read).toEqual({ fields: {}, attributes: written });
    expect(writeAttributes(schema, read.fields, read.attributes, liquidValue)).toEqual(written);
    expect(writeAttributes(schema, { lineNumbers: true }, read.attributes, liquidValue)).toEqual([attribute('lineNumbers', 'true')]);
  });
});
