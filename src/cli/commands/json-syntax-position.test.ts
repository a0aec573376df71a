import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSyntaxPosition, lineAndColumn } from './json-syntax-position.ts';

describe('jsonSyntaxPosition', () => {
  it.each<[string, number]>([
    ['{"a": }', 6],
    ['{\n  "a": 1,\n}', 12],
    ['', 0],
    ['{"a":1', 6],
    ['[1,]', 3],
    ['{"a": tru}', 9],
    ['"\\x"', 2],
    ['01', 1],
    ['{} x', 3],
  ])('%j stops at %i', (text, offset) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(jsonSyntaxPosition(text)).toBe(offset);
  });

  it('accepts exactly what JSON.parse accepts', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(jsonSyntaxPosition(text)).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(jsonSyntaxPosition(text) === undefined).toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });

  it('turns an offset into a line and a column', () => {
    expect(lineAndColumn('{\n  "a": 1,\n}', 12)).toEqual({ line: 3, column: 1 });
    expect(lineAndColumn('x', 0)).toEqual({ line: 1, column: 1 });
  });
});
