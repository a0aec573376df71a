import { parseDocument, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { isKnownFrontmatterKey } from './page-metadata.ts';
import { isPlainString, readPlainFrontmatter, writePlainFrontmatter } from './plain-frontmatter.ts';

// The YAML library's own answers, as parseFrontmatter and writeFrontmatter gave them before the plain way.
function libraryData(yaml: string): unknown {
  const document = parseDocument(yaml, { prettyErrors: false, uniqueKeys: false });
  return document.errors.length > 0 ? 'error' : document.toJS();
}
const libraryWrite = (known: Record<string, unknown>) => stringify(known, { lineWidth: 0, indent: 2 });

/** Values made of pieces that are harmless or meaningful to YAML, in many combinations. */
const pieces = ['a', 'Z', 'word', ' ', '  ', ':', ': ', ' #', '#', "'", '"', '-', '- ', '?', '!', '&', '*', '|', '>', '%', '@', '`', ',', '[', ']', '{', '}', '.', '0', '1.5', 'e3', '\t', '\\', '/', 'null', 'true', 'False', 'yes', 'No', '~', '(', ')', '=', 'é', '0x1F', '.inf', '<', ';'];
function* candidates(): Generator<string> {
  for (const first of pieces) {
    yield first;
    for (const second of pieces) {
      yield first + second;
      for (const third of ['a', ' ', ':', '#', '1', "'", '.', ')']) yield first + second + third;
    }
  }
}

describe('plain frontmatter', () => {
  it('reads what the YAML library reads, whenever it takes a text', () => {
    let taken = 0;
    for (const value of candidates()) {
      for (const yaml of [`description: ${value}\n`, `${value}: x\n`, `title: A\ndescription: ${value}`]) {
        const plain = readPlainFrontmatter(yaml, isKnownFrontmatterKey);
        if (plain === undefined) continue;
        taken++;
        expect(plain.data, JSON.stringify(yaml)).toEqual(libraryData(yaml));
      }
    }
    expect(taken).toBeGreaterThan(1000); // the comparison covered many texts, not just the refusals
  });

  it('writes what the YAML library writes, whenever it takes the values', () => {
    let taken = 0;
    for (const value of candidates()) {
      const plain = writePlainFrontmatter({ description: value, title: `Title ${value}` });
      if (plain === undefined) continue;
      taken++;
      expect(plain, JSON.stringify(value)).toBe(libraryWrite({ description: value, title: `Title ${value}` }));
      expect(libraryData(plain)).toEqual({ description: value, title: `Title ${value}` });
    }
    expect(taken).toBeGreaterThan(500);
  });

  it('keeps the text of each key, and the unknown ones apart', () => {
    expect(readPlainFrontmatter('description: Set up the CLI.\nowner: docs-team', isKnownFrontmatterKey)).toEqual({
      ok: true,
      data: { description: 'Set up the CLI.', owner: 'docs-team' },
      unknownKeysText: 'owner: docs-team\n',
      keyTexts: [
        { key: 'description', text: 'description: Set up the CLI.\n' },
        { key: 'owner', text: 'owner: docs-team\n' },
      ],
    });
  });

  it('leaves to the library what is not plain', () => {
    for (const yaml of ['', '\n', 'hidden: true\n', 'a: x\na: y\n', 'a: x\n\nb: y\n', 'a: x # note\n', 'a: x\r\n', 'cover: .gitbook/assets/a.png\n', 'tags:\n  - a\n', 'a: "x"\n', ' a: x\n']) {
      expect(readPlainFrontmatter(yaml, isKnownFrontmatterKey), JSON.stringify(yaml)).toBeUndefined();
    }
    expect(writePlainFrontmatter({ hidden: true })).toBeUndefined();
    expect(writePlainFrontmatter({ layout: { title: { visible: false } } })).toBeUndefined();
    expect(isPlainString('Null')).toBe(false);
  });
});
