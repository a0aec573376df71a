import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument, stringify } from 'yaml';
import { parseFrontmatter } from './frontmatter-yaml.ts';
import { readSimpleFrontmatter, writeSimpleFrontmatter } from './simple-frontmatter.ts';

/*
 * The fast path gives what the YAML library gives, or steps aside: on generated keys and values drawn from
 * characters that mean something to YAML (indicators, quotes, comment and mapping marks, tabs, line breaks),
 * words the schemas read as booleans or null, and ordinary text.
 */

const yamlOptions = { lineWidth: 0, indent: 2 };
const tricky = [...':#-?!"&*|>%@`[]{}~\t\r\\', '😀'];
const ordinary = [...'abcXYZ019 .,;\'()/+=_éß中'];
const words = ['true', 'False', 'NULL', 'null', 'yes', 'No', 'on', 'OFF', 'y', 'n', '~', '.inf', '.nan', '0x1F', '1e3', '12', '-1', '0o7', 'Hello there', 'Install: the guide', 'a #tag', 'x', 'Docs'];
/** Text of ordinary characters, now and then one that means something to YAML, or a word a schema reads. */
const text = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...words) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...tricky, ...ordinary), { maxLength: 12 }).map((parts) => parts.join('')) },
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...'aZé中'), fc.array(fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...ordinary) }, { weight: 1, arbitrary: fc.constantFrom(...tricky) }), { maxLength: 30 })).map(([first, rest]) => first + rest.join('')) },
);
const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('description', 'title', 'owner', 'hidden', 'a_b', 'x1') }, { weight: 1, arbitrary: text });

describe('simple frontmatter', () => {
  it('reads what the YAML library reads, whenever it reads', () => {
    let read = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(key, text), { minLength: 1, maxLength: 4 }), fc.boolean(), (pairs, finalNewline) => {
        const lines = pairs.map(([name, value]) => `${name}: ${value}`);
        const yaml = lines.join('\n') + (finalNewline ? '\n' : '');
        const simple = readSimpleFrontmatter(yaml);
        if (simple === undefined) return;
        read += 1;
        const document = parseDocument(yaml, { uniqueKeys: false });
        expect(document.errors).toEqual([]);
        expect(simple.data).toEqual(document.toJS());
        expect(simple.keyTexts).toEqual(pairs.map(([name], index) => ({ key: name, text: `${lines[index]}\n` })));
      }),
      { numRuns: 5000 },
    );
    // Not only refusals: a good share of the runs compared a fast read with the library's.
    expect(read).toBeGreaterThan(250);
  });

  it('writes what the YAML library writes, whenever it writes', () => {
    let written = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(key, text), { minLength: 1, maxLength: 4 }), (pairs) => {
        const known = Object.fromEntries(pairs);
        const simple = writeSimpleFrontmatter(known);
        if (simple === undefined) return;
        written += 1;
        expect(simple).toBe(stringify(known, yamlOptions));
      }),
      { numRuns: 5000 },
    );
    expect(written).toBeGreaterThan(250);
  });

  it('takes ordinary descriptions and titles, and leaves the rest to the YAML library', () => {
    const yaml = "description: It's the guide to installing Quire, step by step (v2).\ntitle: Überblick\n";
    expect(readSimpleFrontmatter(yaml)).toEqual({
      data: { description: "It's the guide to installing Quire, step by step (v2).", title: 'Überblick' },
      keyTexts: [
        { key: 'description', text: "description: It's the guide to installing Quire, step by step (v2).\n" },
        { key: 'title', text: 'title: Überblick\n' },
      ],
    });
    expect(writeSimpleFrontmatter({ description: 'Run the installer, then restart.' })).toBe('description: Run the installer, then restart.\n');
    for (const other of ['hidden: true\n', 'description: "quoted"\n', 'layout:\n  width: wide\n', 'description: a: b\n', 'a: x\na: y\n', 'description: two  \n', '# comment\ndescription: x\n', 'description: x\r\n', '']) {
      expect(readSimpleFrontmatter(other)).toBeUndefined();
    }
    for (const other of [{ hidden: true }, { description: '' }, { description: 'true' }, { description: '12 steps' }, { layout: { width: 'wide' } }, { description: 'line\nbreak' }]) {
      expect(writeSimpleFrontmatter(other)).toBeUndefined();
    }
  });

  it('gives parseFrontmatter the same answer as the YAML path, unknown keys included', () => {
    const isKnown = (name: string) => name === 'description';
    expect(parseFrontmatter('description: Hello there\nowner: docs team\n', isKnown)).toEqual({
      ok: true,
      data: { description: 'Hello there', owner: 'docs team' },
      unknownKeysText: 'owner: docs team\n',
      keyTexts: [
        { key: 'description', text: 'description: Hello there\n' },
        { key: 'owner', text: 'owner: docs team\n' },
      ],
    });
    // The same, through the YAML library (a comment line makes it take that path).
    expect(parseFrontmatter('description: Hello there\nowner: docs team\n# end\n', isKnown)).toMatchObject({ ok: true, data: { description: 'Hello there', owner: 'docs team' }, unknownKeysText: 'owner: docs team\n# end\n' });
  });
});
