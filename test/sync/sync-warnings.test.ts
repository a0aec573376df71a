// Must-show 3 of issue 9: sync prints the format's warnings and carries them in its result, and the forms the
// hosted exporter writes today (a cover map with a dark image, primary tags) go through the service and back.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RevisionPage, RevisionPageDocument } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { resolveRef } from '../../src/git/index.ts';
import { runQuire } from '../support/serve-process.ts';
import { editInSpace, gitdir, repoFiles, spaceFiles, sync, useSyncWorld } from './sync-harness.ts';

const world = useSyncWorld();

const png = (seed: number) => new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, seed, seed, seed]);
const missingCoverPage = '---\ncover: .gitbook/assets/never-committed.png\ncoverY: 0\n---\n\n# Page\n\nBody.\n';
const repository = (prefix = '') => ({
  [`${prefix}README.md`]: '# Home\n\nWelcome.\n',
  [`${prefix}SUMMARY.md`]: '# Table of contents\n\n* [Home](README.md)\n* [Page](page.md)\n',
  [`${prefix}page.md`]: missingCoverPage,
});

interface SyncJson {
  mode: string;
  diagnostics: Array<{ severity: string; code: string; path: string; line?: number; message: string }>;
}

const documents = (pages: readonly RevisionPage[]): RevisionPageDocument[] =>
  pages.flatMap((page) => [...(page.type === 'document' ? [page] : []), ...('pages' in page ? documents(page.pages as RevisionPage[]) : [])]);

describe('quire sync reports the format\'s warnings (a child process, the embedded service)', () => {
  it('a cover naming a missing file: the sync succeeds, and prints `page.md:2: warning ...`', async () => {
    const repo = await gitdir(repository(), { checkout: true });
    const data = mkdtempSync(join(tmpdir(), 'quire-data-'));
    const run = await runQuire(['sync', '--dir', repo.dir, '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Sync done: import/);
    expect(run.stdout).toContain('\npage.md:2: warning FORMAT_MISSING_FILE: cover `.gitbook/assets/never-committed.png` is not a file of the directory');
    expect(run.stdout).toContain('0 errors, 1 warning in the repository\'s files\n');
  });

  it('--json has a diagnostics array, with paths from the repository root when --dir is a subfolder', async () => {
    const repo = await gitdir({ ...repository('docs/'), 'package.json': '{}\n' }, { checkout: true });
    const data = mkdtempSync(join(tmpdir(), 'quire-data-'));
    const run = await runQuire(['sync', '--dir', join(repo.dir, 'docs'), '--data', data, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as SyncJson;
    expect(json.mode).toBe('import');
    expect(json.diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'FORMAT_MISSING_FILE',
        path: 'docs/page.md',
        line: 2,
        message: 'cover `.gitbook/assets/never-committed.png` is not a file of the directory; the page is imported without it',
      },
    ]);
  });

  // The quick way reads only the changed blobs: it reports what the page itself says (not the missing cover, whose
  // target did not change and which the first, full read reported); a changed cover target takes the full way.
  it('the quick way (a page edited in place) reports the warnings of the page it read', async () => {
    const repo = await gitdir(repository(), { checkout: true });
    const data = mkdtempSync(join(tmpdir(), 'quire-data-'));
    expect((await runQuire(['sync', '--dir', repo.dir, '--data', data])).code).toBe(0);
    await repo.commit({ 'page.md': missingCoverPage.replace('coverY: 0\n', 'coverY: 0\nlayout:\n  cover:\n    size: weird\n').replace('Body.', 'Edited body.') }, 'Edit in place');
    const run = await runQuire(['sync', '--dir', repo.dir, '--data', data, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as SyncJson;
    expect(json.mode).toBe('import');
    expect(json.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'FORMAT_INVALID_FRONTMATTER', path: 'page.md', line: 6, message: expect.stringContaining('layout.cover.size must be hero, full or background, got string "weird"') }),
    ]);
  });
});

describe('the exporter\'s cover maps and primary tags through the service', () => {
  const coverPage = [
    '---',
    'description: Covered',
    'cover:',
    '  light: ../.gitbook/assets/light.png',
    '  dark: ../.gitbook/assets/dark.png',
    'coverY: 0',
    'tags:',
    '  - tag: new',
    '    primary: true',
    '  - beta',
    '---',
    '',
    '# Covered',
    '',
    'Body.',
    '',
  ].join('\n');
  const files = () => ({
    'README.md': '# Home\n\nWelcome.\n',
    'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide/README.md)\n  * [Covered](guide/covered.md)\n',
    'guide/README.md': '# Guide\n',
    'guide/covered.md': coverPage,
    '.gitbook/assets/light.png': png(1),
    '.gitbook/assets/dark.png': png(2),
  });

  it('the space holds ref, refDark and the primary tag, writes the same bytes, and keeps them through an edit in the space', async () => {
    const repo = await gitdir(files());
    const spaceId = await world().newSpace();
    const first = await sync(world(), repo, spaceId);
    expect(first.result.ok, JSON.stringify(first.result)).toBe(true);
    expect(first.result.diagnostics).toEqual([]);

    const revision = await world().client.getRevision({ spaceId });
    const fileId = (name: string) => revision.files.find((file) => file.name === name)!.id;
    const covered = documents(revision.pages).find((page) => page.title === 'Covered')!;
    expect(covered.cover).toMatchObject({ ref: { kind: 'file', file: fileId('light.png') }, refDark: { kind: 'file', file: fileId('dark.png') } });
    expect(covered.tags).toEqual([{ tag: { kind: 'tag', tag: 'new' }, primary: true }, { tag: { kind: 'tag', tag: 'beta' } }]);
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));

    await editInSpace(world(), spaceId, 'New description', (pages) => [{ operation: 'update_page', page: pages('guide/covered.md'), description: 'Edited in the space' }]);
    const back = await sync(world(), repo, spaceId);
    expect(back.result.ok, JSON.stringify(back.result)).toBe(true);
    expect(back.result.commits).toHaveLength(1);
    repo.head = await resolveRef(repo.repo, 'refs/heads/main');
    expect((await repoFiles(repo))['guide/covered.md']).toBe(coverPage.replace('description: Covered', 'description: Edited in the space'));
  });

  it('a page whose cover image was never committed and whose layout says `size: weird` is imported, and written back as it was', async () => {
    const page = '---\ncover: ../.gitbook/assets/never-committed.png\ncoverY: 0\nlayout:\n  cover:\n    size: weird\n---\n\n# Covered\n\nBody.\n';
    const repo = await gitdir({ ...files(), 'guide/covered.md': page });
    const spaceId = await world().newSpace();
    const first = await sync(world(), repo, spaceId);
    expect(first.result.ok, JSON.stringify(first.result)).toBe(true);
    expect(first.result.diagnostics.map((diagnostic) => [diagnostic.severity, diagnostic.code, diagnostic.path, diagnostic.line])).toEqual([
      ['warning', 'FORMAT_MISSING_FILE', 'guide/covered.md', 2],
      ['warning', 'FORMAT_INVALID_FRONTMATTER', 'guide/covered.md', 6],
    ]);
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));

    await editInSpace(world(), spaceId, 'Describe it', (pages) => [{ operation: 'update_page', page: pages('guide/covered.md'), description: 'Now described' }]);
    expect((await sync(world(), repo, spaceId)).result.ok).toBe(true);
    repo.head = await resolveRef(repo.repo, 'refs/heads/main');
    expect((await repoFiles(repo))['guide/covered.md']).toBe(
      '---\ncover: ../.gitbook/assets/never-committed.png\ncoverY: 0\nlayout:\n  cover:\n    size: weird\ndescription: Now described\n---\n\n# Covered\n\nBody.\n',
    );
  });
});
