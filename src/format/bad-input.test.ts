import { describe, expect, it } from 'vitest';
import { asText, directory } from '../../test/support/repositories.ts';
import { readDirectory } from './read-directory.ts';
import { writeDirectory } from './write-directory.ts';
import type { Diagnostic } from '../model/diagnostic.ts';

const summary = (...items: string[]) => `# Table of contents\n\n${items.join('\n')}\n`;

function diagnosticsOf(files: Record<string, string | Uint8Array>, symlinks?: Map<string, string>) {
  const input = directory(files);
  const { bundle, diagnostics } = readDirectory(input, symlinks ? { symlinks } : {});
  return { bundle, diagnostics, input };
}

/** Every case names its file and line, and nothing of the input is lost: writing back gives the same files. */
function expectKeptAndReported(
  files: Record<string, string | Uint8Array>,
  expected: Partial<Diagnostic>,
  options: { symlinks?: Map<string, string>; lossless?: boolean } = {},
) {
  const { bundle, diagnostics, input } = diagnosticsOf(files, options.symlinks);
  expect(diagnostics).toContainEqual(expect.objectContaining(expected));
  if (options.lossless !== false) expect(asText(writeDirectory(bundle))).toEqual(asText(input));
  return { bundle, diagnostics };
}

describe('bad input is reported with file and line, and nothing is dropped', () => {
  it('invalid YAML in frontmatter: an error on the right line; the page keeps its title and its frontmatter', () => {
    const { bundle } = expectKeptAndReported(
      {
        'README.md': '# Home\n',
        'SUMMARY.md': summary('* [Home](README.md)', '* [Broken](broken.md)'),
        'broken.md': '---\ndescription: fine\ntitle: [unclosed\n---\n\n# Broken page\n\nBody.\n',
      },
      { severity: 'error', code: 'FORMAT_INVALID_YAML', path: 'broken.md', line: 3 },
    );
    expect(bundle.revision.pages[1]!.title).toBe('Broken page');
  });

  it('a known frontmatter key with the wrong type: a warning, kept as written', () => {
    expectKeptAndReported(
      { 'README.md': '---\nhidden: maybe\n---\n\n# Home\n', 'SUMMARY.md': summary('* [Home](README.md)') },
      { severity: 'warning', code: 'FORMAT_INVALID_FRONTMATTER', path: 'README.md', line: 2 },
    );
  });

  it('invalid YAML in .gitbook.yaml', () => {
    expectKeptAndReported(
      { '.gitbook.yaml': 'root: ./\nstructure:\n  readme: [oops\n', 'README.md': '# Home\n', 'SUMMARY.md': summary('* [Home](README.md)') },
      { severity: 'error', code: 'FORMAT_INVALID_YAML', path: '.gitbook.yaml', line: 3 },
    );
  });

  it('a .gitbook.yaml root that leaves the repository', () => {
    expectKeptAndReported(
      { '.gitbook.yaml': 'root: ../../elsewhere/\n', 'README.md': '# Home\n', 'SUMMARY.md': summary('* [Home](README.md)') },
      { severity: 'error', code: 'FORMAT_INVALID_CONFIG', path: '.gitbook.yaml', line: 1 },
    );
  });

  it('a SUMMARY.md entry pointing at a missing file', () => {
    expectKeptAndReported(
      { 'README.md': '# Home\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [Gone](gone.md)') },
      { severity: 'error', code: 'FORMAT_MISSING_FILE', path: 'SUMMARY.md', line: 4 },
      { lossless: false },
    );
  });

  it('the same file listed twice', () => {
    const { bundle } = expectKeptAndReported(
      { 'README.md': '# Home\n', 'a.md': '# A\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [A](a.md)', '* [A again](a.md)') },
      { severity: 'error', code: 'FORMAT_DUPLICATE_ENTRY', path: 'SUMMARY.md', line: 5 },
      { lossless: false },
    );
    expect(bundle.revision.pages.map((page) => page.title)).toEqual(['Home', 'A']);
  });

  it('a SUMMARY.md entry that climbs out of the root, or is absolute, is never read', () => {
    for (const target of ['../../etc/passwd', '/etc/passwd']) {
      const { bundle, diagnostics } = diagnosticsOf({ 'README.md': '# Home\n', 'SUMMARY.md': summary('* [Home](README.md)', `* [Secret](${target})`) });
      expect(diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', code: 'FORMAT_PATH_ESCAPES_ROOT', path: 'SUMMARY.md', line: 4 }));
      expect(bundle.revision.pages).toHaveLength(1);
    }
  });

  it('directory entries whose own path escapes are refused', () => {
    const { diagnostics, bundle } = diagnosticsOf({ 'README.md': '# Home\n', '../outside.md': '# Nope\n', '/etc/passwd': 'root:x:0:0' });
    expect(diagnostics).toContainEqual(expect.objectContaining({ code: 'FORMAT_PATH_ESCAPES_ROOT', path: '../outside.md' }));
    expect(diagnostics).toContainEqual(expect.objectContaining({ code: 'FORMAT_PATH_ESCAPES_ROOT', path: '/etc/passwd' }));
    expect(Object.keys(bundle.source.extra)).toEqual([]);
  });

  it('a repository that already holds paths git would refuse: each reported and not read, the rest read', () => {
    const deep = `${'a/'.repeat(2000)}deep.md`;
    const hostile = ['docs/.GIT/hooks/post-checkout', '.git::$INDEX_ALLOCATION/x', 'GIT~1/config', '.g\u200Cit/x', '.gitmodules.', 'notes./a.md', deep];
    const files = Object.fromEntries([['README.md', '# Home\n'], ['SUMMARY.md', summary('* [Home](README.md)', `* [Deep](${deep})`)], ...hostile.map((path) => [path, 'x'])]);
    const { diagnostics, bundle } = diagnosticsOf(files, new Map([['.gitattributes', 'elsewhere'], ['docs/link', 'README.md']]));
    for (const path of hostile) {
      const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
      expect(diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', code: 'FORMAT_UNSAFE_PATH', path: shown }));
    }
    expect(diagnostics).toContainEqual(expect.objectContaining({ code: 'FORMAT_UNSAFE_PATH', path: '.gitattributes', message: expect.stringMatching(/symbolic link/) }));
    expect(bundle.source.symlinks).toEqual({ 'docs/link': 'README.md' });
    expect(Object.keys(bundle.source.extra)).toEqual([]);
    expect(bundle.revision.pages.map((page) => page.title)).toEqual(['Home']);
  });

  it('a .gitbook.yaml whose root or structure git would refuse falls back to the default, reported', () => {
    const { diagnostics, bundle } = diagnosticsOf({ '.gitbook.yaml': 'root: ./.Git/\nstructure:\n  summary: GIT~1/SUMMARY.md\n', 'README.md': '# Home\n' });
    expect(diagnostics.filter((diagnostic) => diagnostic.code === 'FORMAT_INVALID_CONFIG').map((diagnostic) => diagnostic.line)).toEqual([1, 3]);
    expect(bundle.source.root).toBe('');
    expect(bundle.source.structure).toEqual({ readme: 'README.md', summary: 'SUMMARY.md' });
  });

  it('an include that leaves the space', () => {
    expectKeptAndReported(
      {
        'README.md': '# Home\n\nIntro.\n\n{% include "../../secrets/x.md" %}\n',
        'SUMMARY.md': summary('* [Home](README.md)'),
      },
      { severity: 'error', code: 'FORMAT_PATH_ESCAPES_ROOT', path: 'README.md', line: 5 },
    );
  });

  it('an include of a file outside .gitbook/includes', () => {
    expectKeptAndReported(
      { 'README.md': '# Home\n\n{% include "other.md" %}\n', 'other.md': '# Other\n', 'SUMMARY.md': summary('* [Home](README.md)', '* [Other](other.md)') },
      { severity: 'error', code: 'FORMAT_PATH_ESCAPES_ROOT', path: 'README.md', line: 3 },
    );
  });

  it('an include of a missing file', () => {
    expectKeptAndReported(
      { 'README.md': '# Home\n\n{% include ".gitbook/includes/missing.md" %}\n', 'SUMMARY.md': summary('* [Home](README.md)') },
      { severity: 'error', code: 'FORMAT_MISSING_FILE', path: 'README.md', line: 3 },
    );
  });

  it('an image outside the root is an error; a broken link a warning', () => {
    const { diagnostics } = diagnosticsOf({
      'README.md': '# Home\n\n<img src="../../etc/passwd">\n\n[later](not-yet.md)\n',
      'SUMMARY.md': summary('* [Home](README.md)'),
    });
    expect(diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', code: 'FORMAT_PATH_ESCAPES_ROOT', line: 3 }));
    expect(diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', code: 'FORMAT_MISSING_FILE', line: 5 }));
  });

  it('a symbolic link is reported, not followed, and kept as a link', () => {
    const { bundle } = expectKeptAndReported(
      { 'README.md': '# Home\n', 'SUMMARY.md': summary('* [Home](README.md)') },
      { severity: 'error', code: 'FORMAT_SYMLINK', path: 'passwd.md' },
      { symlinks: new Map([['passwd.md', '/etc/passwd']]) },
    );
    expect(bundle.source.symlinks).toEqual({ 'passwd.md': '/etc/passwd' });
  });

  it('a Markdown file SUMMARY.md does not list is a warning and is kept', () => {
    const { bundle } = expectKeptAndReported(
      { 'README.md': '# Home\n', 'orphan.md': '# Orphan\n', 'SUMMARY.md': summary('* [Home](README.md)') },
      { severity: 'warning', code: 'FORMAT_UNLISTED_PAGE', path: 'orphan.md' },
    );
    expect(Object.keys(bundle.source.extra)).toEqual(['orphan.md']);
  });

  it('a Markdown file that is not UTF-8 is kept byte for byte', () => {
    expectKeptAndReported(
      { 'README.md': '# Home\n', 'latin1.md': new Uint8Array([0x23, 0x20, 0xe9, 0x74, 0xe9, 0x0a]), 'SUMMARY.md': summary('* [Home](README.md)') },
      { severity: 'error', path: 'latin1.md' },
    );
  });

  it('a SUMMARY.md line that is not an entry is a warning and kept', () => {
    expectKeptAndReported(
      { 'README.md': '# Home\n', 'SUMMARY.md': summary('* [Home](README.md)', 'some stray text') },
      { severity: 'warning', code: 'FORMAT_INVALID_SUMMARY', path: 'SUMMARY.md', line: 4 },
    );
  });

  it('a redirect to a missing file', () => {
    expectKeptAndReported(
      { '.gitbook.yaml': 'redirects:\n  old/page: gone.md\n', 'README.md': '# Home\n', 'SUMMARY.md': summary('* [Home](README.md)') },
      { severity: 'error', code: 'FORMAT_MISSING_FILE', path: '.gitbook.yaml', line: 2 },
    );
  });

  it('an empty directory says it has no first page', () => {
    const { diagnostics } = diagnosticsOf({});
    expect(diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', code: 'FORMAT_MISSING_README', path: 'README.md' }));
  });
});
