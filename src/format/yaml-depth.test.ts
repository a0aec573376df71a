import { describe, expect, it } from 'vitest';
import { deepJson } from '../../test/fixtures/hostile/hostile-inputs.ts';
import { maxYamlDepth } from '../model/nesting-limits.ts';
import { parseFrontmatter } from './frontmatter-yaml.ts';
import { readDirectory } from './read-directory.ts';
import { parseYamlDocument, parseYamlValue, yamlTooDeepAt } from './yaml-depth.ts';

const blockMaps = (levels: number) => `${Array.from({ length: levels }, (_, level) => `${'  '.repeat(level)}a:`).join('\n')} x\n`;

describe('yamlTooDeepAt', () => {
  it('counts block maps by indentation, compact items and flow brackets', () => {
    expect(yamlTooDeepAt(blockMaps(3), 3)).toBeUndefined();
    expect(yamlTooDeepAt(blockMaps(4), 3)).toBe(blockMaps(4).indexOf('      a:') + 6);
    expect(yamlTooDeepAt('- - - x\n', 3)).toBeUndefined();
    expect(yamlTooDeepAt('- - - - x\n', 3)).toBeDefined();
    expect(yamlTooDeepAt('a: [[x]]\n', 3)).toBeUndefined();
    expect(yamlTooDeepAt('a: [[[x]]]\n', 3)).toBe(5);
    expect(yamlTooDeepAt('a: {b: [{c: 1}]}\n', 3)).toBeDefined();
  });

  it('skips brackets in quoted scalars, as the YAML reader does, and quotes cannot hide the brackets it reads', () => {
    expect(yamlTooDeepAt('a: "[[[[[[" \nb: \'{{{{\'\n', 2)).toBeUndefined();
    // `["]",["]",[...`: each quoted "]" is a string; the brackets around them nest.
    const hidden = `a: ${'["]",'.repeat(10)}x${']'.repeat(10)}\n`;
    expect(yamlTooDeepAt(hidden, 5)).toBeDefined();
    // An apostrophe inside a plain scalar starts no quoted scalar.
    expect(yamlTooDeepAt(`a: it's ${'['.repeat(10)}\n`, 5)).toBeDefined();
  });

  it('reads ordinary frontmatter as within the limit', () => {
    const frontmatter = 'description: It\'s [here] {there}\ncover:\n  light: a.png\n  dark: "b [c].png"\nlayout:\n  cover:\n    visible: true\ntags: [a, b]\n';
    expect(yamlTooDeepAt(frontmatter, 4)).toBeUndefined();
  });
});

describe('parsing YAML nested past the limit', () => {
  it('reports the limit instead of parsing, as often as it is asked (the reader used to end the process)', () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const document = parseYamlDocument(`a: ${deepJson(5000, { arrays: true })}\n`);
      expect(document.errors.map((error) => error.message)).toEqual([`the YAML nests deeper than ${maxYamlDepth} levels, the most Quire reads`]);
      expect(parseFrontmatter(blockMaps(5000), () => true)).toMatchObject({ ok: false, line: maxYamlDepth + 1 });
      expect(() => parseYamlValue(deepJson(5000))).toThrow(`deeper than ${maxYamlDepth} levels`);
    }
  });

  it('parses YAML up to the limit', () => {
    expect(parseYamlDocument(`a: ${deepJson(maxYamlDepth - 1, { arrays: true })}\n`).errors).toEqual([]);
    expect(parseFrontmatter(blockMaps(maxYamlDepth), () => true).ok).toBe(true);
  });
});

describe('reading a repository with YAML nested 5,000 deep', () => {
  it('reports each file as invalid YAML naming the limit, and reads the rest', () => {
    const deep = `${'['.repeat(5000)}x${']'.repeat(5000)}`;
    const text = (value: string) => new TextEncoder().encode(value);
    const files = new Map([
      ['.gitbook.yaml', text(`structure: ${deep}\n`)],
      ['.gitbook/vars.yaml', text(`a: ${deep}\n`)],
      ['README.md', text('# Home\n')],
      ['deep.md', text(`---\ncover: ${deep}\n---\n# Deep\n\nStill read.\n`)],
      ['SUMMARY.md', text('# Summary\n\n* [Home](README.md)\n* [Deep](deep.md)\n')],
    ]);
    const read = readDirectory(files);
    const invalid = read.diagnostics.filter((diagnostic) => diagnostic.code === 'FORMAT_INVALID_YAML');
    expect(invalid.map((diagnostic) => diagnostic.path).sort()).toEqual(['.gitbook.yaml', '.gitbook/vars.yaml', 'deep.md']);
    for (const diagnostic of invalid) expect(diagnostic.message).toContain(`deeper than ${maxYamlDepth} levels`);
    expect(read.bundle.revision.pages.map((page) => page.title)).toEqual(['Home', 'Deep']);
  });
});
