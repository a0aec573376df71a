// Fixture cases: fixtures/markdown/<family>/<case>/ holds input.md, tree.json (the expected tree,
// positions stripped) and, when the canonical output differs from the input, output.md. Without
// output.md, writing the tree must give back input.md byte for byte.
// `UPDATE=1 npx vitest run src/markdown` rewrites tree.json (and only tree.json) from the parser.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './parse-markdown.ts';
import { stringifyMarkdown } from './stringify-markdown.ts';
import { stripPositions } from './tree/strip-positions.ts';

const root = new URL('../../fixtures/markdown/', import.meta.url).pathname;
const update = process.env.UPDATE === '1';

function folders(path: string): string[] {
  return readdirSync(path)
    .filter((name) => statSync(join(path, name)).isDirectory())
    .sort();
}

const families = folders(root);

describe('markdown fixtures', () => {
  it('has cases', () => {
    expect(families.length).toBeGreaterThan(0);
  });

  for (const family of families) {
    describe(family, () => {
      for (const name of folders(join(root, family))) {
        const folder = join(root, family, name);
        it(name, () => {
          const input = readFileSync(join(folder, 'input.md'), 'utf8');
          const treePath = join(folder, 'tree.json');
          const outputPath = join(folder, 'output.md');
          const tree = parseMarkdown(input);
          if (update) writeFileSync(treePath, `${JSON.stringify(stripPositions(tree), null, 2)}\n`);
          expect(stripPositions(tree), 'tree.json').toEqual(JSON.parse(readFileSync(treePath, 'utf8')));
          const expected = existsSync(outputPath) ? readFileSync(outputPath, 'utf8') : input;
          const written = stringifyMarkdown(tree);
          expect(written, existsSync(outputPath) ? 'output.md' : 'input.md (round trip)').toBe(expected);
          // The canonical output is a fixed point, and reads back to the same tree.
          const reread = parseMarkdown(written);
          expect(stringifyMarkdown(reread)).toBe(written);
          expect(stripPositions(reread)).toEqual(stripPositions(tree));
        });
      }
    });
  }
});
