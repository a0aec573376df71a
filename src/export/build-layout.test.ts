import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors/quire-error.ts';
import { detectBuildLayout } from './build-layout.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const directory = (paths: Record<string, string>, symlinks: Record<string, string> = {}) => ({
  files: new Map(Object.entries(paths).map(([path, text]) => [path, bytes(text)])),
  symlinks: new Map(Object.entries(symlinks)),
});
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (isQuireError(error, 'INVALID_ARGUMENT')) return error;
    throw error;
  }
  throw new Error('expected an INVALID_ARGUMENT refusal');
};

describe('detectBuildLayout', () => {
  it('takes a directory with README.md, SUMMARY.md or .gitbook.yaml at its top as one space, sub-folders and all', () => {
    for (const marker of ['README.md', 'SUMMARY.md', '.gitbook.yaml']) {
      const layout = detectBuildLayout(directory({ [marker]: '# Home\n', 'guides/README.md': '# Guides\n' }));
      expect(layout.kind, marker).toBe('space');
      expect(layout.spaces.map((space) => [space.folder, [...space.files.keys()]])).toEqual([['', [marker, 'guides/README.md']]]);
    }
  });

  it('takes each sub-folder holding a space as a section, sorted by name, with its files and links by path inside it', () => {
    const layout = detectBuildLayout(
      directory({ 'payments/README.md': '# Payments\n', 'api/SUMMARY.md': '# Table of contents\n', 'api/ref/x.md': '# X\n', 'notes/todo.md': '', '.github/README.md': '', LICENSE: '' }, { 'api/latest': 'ref' }),
    );
    expect(layout.kind).toBe('sections');
    expect(layout.spaces.map((space) => space.folder)).toEqual(['api', 'payments']);
    expect([...layout.spaces[0]!.files.keys()]).toEqual(['api/SUMMARY.md', 'api/ref/x.md'].map((path) => path.slice('api/'.length)));
    expect([...layout.spaces[0]!.symlinks]).toEqual([['latest', 'ref']]);
    expect(layout.skipped).toEqual(['notes']);
  });

  it('follows --sections: only the folders it names, in its order', () => {
    const files = directory({ 'a/README.md': '', 'b/README.md': '', 'c/README.md': '' });
    const layout = detectBuildLayout(files, { order: ['c', 'a/'] });
    expect(layout.spaces.map((space) => space.folder)).toEqual(['c', 'a']);
    expect(layout.unlisted).toEqual(['b']);
    expect(refusal(() => detectBuildLayout(files, { order: ['a', 'z'] })).message).toBe('--sections: z is not a space folder of the directory (those are: a, b, c)');
    expect(refusal(() => detectBuildLayout(files, { order: ['a', 'a'] })).message).toBe('--sections: a is named twice');
    expect(refusal(() => detectBuildLayout(directory({ 'README.md': '' }), { order: ['a'] })).data).toEqual({ field: 'sections' });
  });

  it('refuses a directory with no space at all', () => {
    expect(refusal(() => detectBuildLayout(directory({ 'notes/todo.md': '# To do\n', 'x.txt': '' }))).message).toMatch(/^no documentation found/);
  });
});
