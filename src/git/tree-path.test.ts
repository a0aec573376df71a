import { describe, expect, it } from 'vitest';
import { parseChangePath, parsePrefix } from './tree-path.ts';

describe('parseChangePath', () => {
  it('accepts relative paths with ordinary names, dots inside names included', () => {
    expect(parseChangePath('README.md')).toEqual(['README.md']);
    expect(parseChangePath('.gitbook/assets/a b.png')).toEqual(['.gitbook', 'assets', 'a b.png']);
    expect(parseChangePath('docs/...md/.gitignore')).toEqual(['docs', '...md', '.gitignore']);
    expect(parseChangePath('docs/.github/x')).toEqual(['docs', '.github', 'x']);
  });

  it.each(['/a', 'a/', '', 'a//b', '.', '..', 'a/./b', 'a/../b', '.git', 'a/.git/b', '.Git', '.git.', '.git ', 'GIT~1', 'a\\b', 'a\0b', '.git::$INDEX_ALLOCATION', '.g\u200Cit', 'a.', `${'a/'.repeat(64)}a`])(
    'rejects %j with GIT_INVALID_PATH',
    (path) => {
      expect(() => parseChangePath(path)).toThrow(expect.objectContaining({ code: 'GIT_INVALID_PATH', data: expect.objectContaining({ path }) }));
    },
  );
});

describe('parsePrefix', () => {
  it('takes the whole tree for none, and a folder with or without a trailing slash', () => {
    expect(parsePrefix(undefined)).toEqual([]);
    expect(parsePrefix('')).toEqual([]);
    expect(parsePrefix('docs/guide/')).toEqual(['docs', 'guide']);
    expect(() => parsePrefix('../docs')).toThrow(expect.objectContaining({ code: 'GIT_INVALID_PATH' }));
    expect(() => parsePrefix('/')).toThrow(expect.objectContaining({ code: 'GIT_INVALID_PATH' }));
  });
});
