import { describe, expect, it } from 'vitest';
import { gitSpecialFileAlias, maxPathBytes, maxPathSegments, maxSegmentBytes, pathSegmentProblem, repositoryPathProblem } from './git-path-rules.ts';

describe('repositoryPathProblem', () => {
  it.each([
    'README.md',
    '.gitbook/assets/a b.png',
    'docs/.github-like.md',
    'docs/.github/workflows/ci.yml',
    '.gitignore',
    '.gitmodules',
    'docs/...md/.gitignore',
    'guides/日本語/ページ.md',
    'émoji/🚀 launch.md',
    'docs/git~notes.md',
    'docs/.gitkeep',
    'a/.git-blame-ignore-revs',
    '.git.md/x',
    `${'a/'.repeat(maxPathSegments - 1)}a`,
    'x'.repeat(maxSegmentBytes),
  ])('allows %j', (path) => {
    expect(repositoryPathProblem(path)).toBeUndefined();
  });

  it.each([
    ['', /at least one segment/],
    ['/etc/passwd', /relative/],
    ['a/', /empty segment/],
    ['a//b', /empty segment/],
    ['.', /"\." segment/],
    ['a/../b', /"\.\." segment/],
    ['a\\b', /backslash/],
    ['a\u0000b', /control character/],
    ['a\nb', /control character/],
    ['a\uD800b', /lone surrogate/],
    ['.git', /\.git on some file system/],
    ['docs/.git/config', /\.git on some file system/],
    ['.GIT/hooks/post-checkout', /\.git on some file system/],
    ['.Git', /\.git on some file system/],
    ['.git.', /\.git on some file system/],
    ['.git ', /\.git on some file system/],
    ['.git. . /config', /\.git on some file system/],
    ['.git::$INDEX_ALLOCATION/hooks/x', /\.git on some file system/],
    ['.git:stream', /\.git on some file system/],
    ['GIT~1/config', /\.git on some file system/],
    ['git~1', /\.git on some file system/],
    ['.g\u200Cit/config', /\.git on some file system/],
    ['.\u200Dgit', /\.git on some file system/],
    ['.gi\u202At', /\.git on some file system/],
    ['\u206F.git', /\.git on some file system/],
    ['.git\uFEFF', /\.git on some file system/],
    ['.GITMODULES', /\.gitmodules on some file system/],
    ['.gitmodules.', /\.gitmodules on some file system/],
    ['.gitmodules ', /\.gitmodules on some file system/],
    ['.gitmodules::$DATA', /\.gitmodules on some file system/],
    ['GITMOD~1', /\.gitmodules on some file system/],
    ['gi7eba~4', /\.gitmodules on some file system/],
    ['.git\u200Cmodules', /\.gitmodules on some file system/],
    ['docs/notes.', /ends in a dot or a space/],
    ['docs /a.md', /ends in a dot or a space/],
    ['a.md ', /ends in a dot or a space/],
    ['x'.repeat(maxSegmentBytes + 1), /more than 255 bytes/],
    ['é'.repeat(128), /more than 255 bytes/],
    [`${'a/'.repeat(maxPathSegments)}a`, /segments; the limit is 64/],
    ['a/'.repeat(2000) + 'a', /2001 segments; the limit is 64/],
    ['a'.repeat(maxPathBytes + 1), /longer than 4096 bytes/],
    [`${'é'.repeat(100)}/`.repeat(21), /longer than 4096 bytes/],
  ])('refuses %j', (path, reason) => {
    expect(repositoryPathProblem(path)).toMatch(reason);
  });

  it('holds a symbolic link to git\'s stricter rule: no special file of git, even by its exact name', () => {
    for (const path of ['.gitmodules', 'docs/.gitattributes', '.gitignore', '.mailmap', 'GITIGN~1', '.MailMap.']) {
      expect(repositoryPathProblem(path, { symlink: true }), path).toMatch(/never checks out as a symbolic link/);
    }
    expect(repositoryPathProblem('docs/link-to-guide', { symlink: true })).toBeUndefined();
    expect(repositoryPathProblem('.gitignore-rules/.gitignore/link', { symlink: true })).toBeUndefined();
  });

  it('shows an invisible code point in its message', () => {
    expect(repositoryPathProblem('.g\u200Cit')).toContain('\\u200C');
  });
});

describe('pathSegmentProblem', () => {
  it('judges one name, which holds no slash', () => {
    expect(pathSegmentProblem('logo.png')).toBeUndefined();
    expect(pathSegmentProblem('a/b')).toMatch(/not one name/);
    expect(pathSegmentProblem('.git')).toMatch(/git directory/);
  });
});

describe('gitSpecialFileAlias', () => {
  it('names the special file a segment becomes, and nothing for ordinary names', () => {
    expect(gitSpecialFileAlias('.G\u200Cit. ::$INDEX_ALLOCATION')).toBe('.git');
    expect(gitSpecialFileAlias('Gi250A~2')).toBe('.gitignore');
    expect(gitSpecialFileAlias('.github')).toBeUndefined();
    expect(gitSpecialFileAlias('.gitbook')).toBeUndefined();
  });
});
