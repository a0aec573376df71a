import fs from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusSkipReason, corpusTitle } from '../../test/support/corpus.ts';
import { cloneCorpus, runGit } from './git-cli-fixture.ts';
import { FIXTURE_IDENTITY, gitdir } from './gitdir-fixture.ts';
import { initRepository } from './init-repository.ts';
import { openRepository, type GitRepository } from './repository.ts';
import { resolveRef } from './resolve-ref.ts';
import { writeCommit, type WriteCommitOptions } from './write-commit.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const ada = { name: 'Ada Lovelace', email: 'ada@example.com', timestamp: 1_700_000_123, timezoneOffset: 330 };
const bot = { name: 'Quire Sync', email: 'sync@quire.invalid', timestamp: 1_700_000_456, timezoneOffset: -300 };

/** A commit on `parent` with the given changes, by Ada, committed by the bot. */
function commitOn(parent: string | null, changes: WriteCommitOptions['changes'], extra: Partial<WriteCommitOptions> = {}): WriteCommitOptions {
  return { parent, changes, author: ada, committer: bot, message: 'DOCS-1: Change\n', ...extra };
}

async function looseObjects(gitdir: string): Promise<string[]> {
  const folders = (await readdir(join(gitdir, 'objects'))).filter((name) => /^[0-9a-f]{2}$/.test(name));
  const oids = await Promise.all(folders.map(async (folder) => (await readdir(join(gitdir, 'objects', folder))).map((rest) => folder + rest)));
  return oids.flat().sort();
}

const paths = (dir: string, commit: string): string[] => runGit(dir, ['ls-tree', '-r', '--name-only', '-z', commit]).split('\0').filter(Boolean);

describe.skipIf(corpusSkipReason !== undefined)(corpusTitle('writeCommit on the corpus'), () => {
  it('changes exactly one entry, reuses every unchanged subtree, and git fsck is clean', async () => {
    const corpus = cloneCorpus();
    try {
      const { dir } = corpus;
      const repo = await openRepository({ fs, dir });
      const parent = await resolveRef(repo, 'HEAD');
      const page = 'this-is-a-group/this-is-the-first-page-in-a-group.md';
      const before = await looseObjects(repo.gitdir);
      const index = await readFile(join(repo.gitdir, 'index'));
      const onDisk = await readFile(join(dir, page), 'utf8');

      const oid = await writeCommit(repo, commitOn(parent, { write: new Map([[page, bytes('# First page\n\nRewritten.\n')]]) }, {
        message: 'DOCS-7: Rewrite the first page\n\nFrom change request #7.\n',
        ref: 'master',
      }));

      expect(runGit(dir, ['diff-tree', '-r', '--no-renames', '--name-status', parent, oid])).toBe(`M\t${page}\n`);
      expect(runGit(dir, ['rev-parse', `${oid}:.gitbook`])).toBe(runGit(dir, ['rev-parse', `${parent}:.gitbook`]));
      expect(runGit(dir, ['rev-parse', `${oid}:this-is-a-group`])).not.toBe(runGit(dir, ['rev-parse', `${parent}:this-is-a-group`]));
      // Only the new blob, the two trees on its path and the commit were written.
      expect((await looseObjects(repo.gitdir)).filter((object) => !before.includes(object))).toHaveLength(4);
      runGit(dir, ['fsck', '--strict', '--no-dangling']);

      const format = ['%P', '%an', '%ae', '%at', '%ai', '%cn', '%ce', '%ct', '%ci', '%B'].join('%x00');
      expect(runGit(dir, ['log', '-1', `--format=${format}`, 'master']).split('\0')).toEqual([
        parent,
        'Ada Lovelace',
        'ada@example.com',
        '1700000123',
        '2023-11-15 03:45:23 +0530',
        'Quire Sync',
        'sync@quire.invalid',
        '1700000456',
        '2023-11-14 17:20:56 -0500',
        'DOCS-7: Rewrite the first page\n\nFrom change request #7.\n\n',
      ]);
      expect(runGit(dir, ['rev-parse', 'master']).trim()).toBe(oid);
      // Neither the work tree nor the index was touched.
      expect(await readFile(join(dir, page), 'utf8')).toBe(onDisk);
      expect(await readFile(join(repo.gitdir, 'index'))).toEqual(index);
    } finally {
      corpus.remove();
    }
  });
});

describe('writeCommit', () => {
  it('removes folders that deletes leave empty, and deletes whole folders', async () => {
    const { repo, dir, head } = await gitdir({ 'README.md': '# Hi\n', 'guide/a.md': 'a', 'guide/deep/b.md': 'b', 'api/c.md': 'c' });
    const emptied = await writeCommit(repo, commitOn(head, { delete: ['guide/a.md', 'guide/deep/b.md'] }));
    expect(paths(dir, emptied)).toEqual(['README.md', 'api/c.md']);
    expect(runGit(dir, ['ls-tree', emptied])).not.toContain('guide');
    const folder = await writeCommit(repo, commitOn(head, { delete: ['api', 'missing.md', 'README.md/x'] }));
    expect(paths(dir, folder)).toEqual(['README.md', 'guide/a.md', 'guide/deep/b.md']);
    const nothing = await writeCommit(repo, commitOn(head, { delete: ['nope/nothing.md'] }));
    expect(runGit(dir, ['rev-parse', `${nothing}^{tree}`])).toBe(runGit(dir, ['rev-parse', `${head}^{tree}`]));
    const everything = await writeCommit(repo, commitOn(head, { delete: ['README.md', 'guide', 'api'] }));
    expect(runGit(dir, ['rev-parse', `${everything}^{tree}`]).trim()).toBe('4b825dc642cb6eb9a060e54bf8d69288fbee4904');
    runGit(dir, ['fsck', '--strict', '--no-dangling']);
  });

  it.each([
    ['/etc/passwd', 'absolute'],
    ['../outside.md', '..'],
    ['docs/../../outside.md', '..'],
    ['./README.md', '.'],
    ['.git/config', '.git'],
    ['docs/.GIT/hooks/post-checkout', '.git'],
    ['docs/git~1/x', '.git'],
    ['docs//a.md', 'empty'],
    ['docs/', 'end'],
    ['', 'empty'],
    ['docs\\a.md', 'backslash'],
    ['.git::$INDEX_ALLOCATION/hooks/x', 'NTFS stream of .git'],
    ['.g\u200Cit/config', 'HFS+ ignorable inside .git'],
    ['GITMOD~1', '8.3 name of .gitmodules'],
    ['docs/notes.', 'trailing dot'],
    [`${'a/'.repeat(2000)}a.md`, '2,001 segments'],
  ])('rejects %j (%s) with GIT_INVALID_PATH and writes nothing', async (path) => {
    const { repo, head } = await gitdir({ 'README.md': '# Hi\n' });
    const before = await looseObjects(repo.gitdir);
    for (const changes of [{ write: new Map([[path, bytes('x')]]) }, { delete: [path] }]) {
      await expect(writeCommit(repo, commitOn(head, changes, { ref: 'main' }))).rejects.toMatchObject({ code: 'GIT_INVALID_PATH', data: { path } });
    }
    expect(await looseObjects(repo.gitdir)).toEqual(before);
    expect(await resolveRef(repo, 'main')).toBe(head);
  });

  it('refuses to touch the work tree at a hostile path the parent commit already holds, before moving the ref', async () => {
    // The fixture writes the tree directly, as a hostile repository would hold it (an ordinary folder on Linux).
    const { repo, dir, head } = await gitdir({ 'README.md': '# Hi\n', 'docs/.GIT/hooks/post-checkout': 'x' });
    const change = commitOn(head, { delete: ['docs'] }, { ref: 'main', checkout: true });
    await expect(writeCommit(repo, change)).rejects.toMatchObject({ code: 'GIT_INVALID_PATH', data: { path: 'docs/.GIT/hooks/post-checkout' } });
    expect(await resolveRef(repo, 'main')).toBe(head);
    expect(await readdir(dir)).toEqual(['.git']);
  });

  it('refuses a file where a folder is needed and the reverse, unless the other is deleted', async () => {
    const { repo, dir, head } = await gitdir({ 'README.md': '# Hi\n', 'guide/a.md': 'a' });
    const conflict = { code: 'GIT_PATH_CONFLICT' };
    await expect(writeCommit(repo, commitOn(head, { write: new Map([['README.md/x.md', bytes('x')]]) }))).rejects.toMatchObject({ ...conflict, data: { path: 'README.md' } });
    await expect(writeCommit(repo, commitOn(head, { write: new Map([['guide', bytes('x')]]) }))).rejects.toMatchObject({ ...conflict, data: { path: 'guide' } });
    await expect(writeCommit(repo, commitOn(head, { write: new Map([['a', bytes('x')], ['a/b', bytes('y')]]) }))).rejects.toMatchObject(conflict);
    await expect(writeCommit(repo, commitOn(head, { write: new Map([['guide', bytes('x')]]), delete: ['guide/a.md'] }))).rejects.toMatchObject(conflict);

    const folderToFile = await writeCommit(repo, commitOn(head, { write: new Map([['guide', bytes('x')]]), delete: ['guide'] }));
    expect(paths(dir, folderToFile)).toEqual(['README.md', 'guide']);
    const rewritten = await writeCommit(repo, commitOn(head, { write: new Map([['README.md', bytes('x')]]), delete: ['README.md'] }));
    expect(paths(dir, rewritten)).toEqual(['README.md', 'guide/a.md']);
    const fileToFolder = await writeCommit(repo, commitOn(head, { write: new Map([['README.md/index.md', bytes('x')]]), delete: ['README.md'] }));
    expect(paths(dir, fileToFolder)).toEqual(['README.md/index.md', 'guide/a.md']);
  });

  it('keeps the executable bit, symlinks and submodules it does not change', async () => {
    const { repo, dir, head } = await gitdir({ 'run.sh': { executable: 'echo 1\n' }, link: { symlink: 'run.sh' }, theme: { submodule: 'a0e7165d572c728e85676d599a80bdf36c510df6' } });
    const oid = await writeCommit(repo, commitOn(head, { write: new Map([['run.sh', bytes('echo 2\n')]]) }));
    expect(runGit(dir, ['ls-tree', '-r', oid]).replace(/ [0-9a-f]{40}/g, '')).toBe('120000 blob\tlink\n100755 blob\trun.sh\n160000 commit\ttheme\n');
  });

  it('writes a root commit with parent null, into a new repository', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quire-init-'));
    try {
      const repo = await initRepository({ fs, dir });
      const oid = await writeCommit(repo, commitOn(null, { write: new Map([['README.md', bytes('# Hi\n')], ['docs/a.md', bytes('a')]]) }, { ref: 'HEAD' }));
      expect(runGit(dir, ['rev-list', '--parents', 'main']).trim()).toBe(oid);
      expect(paths(dir, 'main')).toEqual(['README.md', 'docs/a.md']);
      runGit(dir, ['fsck', '--strict', '--no-dangling']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses to move a ref that no longer points at the parent, unless forced', async () => {
    const fixture = await gitdir({ 'README.md': 'one' });
    const parent = fixture.head;
    const pushed = await fixture.commit({ 'README.md': 'pushed meanwhile' });
    const change = commitOn(parent, { write: new Map([['README.md', bytes('ours')]]) }, { ref: 'main' });
    await expect(writeCommit(fixture.repo, change)).rejects.toMatchObject({ code: 'GIT_REF_CONFLICT', data: { ref: 'refs/heads/main', expected: parent, actual: pushed } });
    expect(await resolveRef(fixture.repo, 'main')).toBe(pushed);
    const forced = await writeCommit(fixture.repo, { ...change, force: true });
    expect(await resolveRef(fixture.repo, 'main')).toBe(forced);
    const branch = await writeCommit(fixture.repo, { ...change, ref: 'refs/heads/quire/export' });
    expect(await resolveRef(fixture.repo, 'quire/export')).toBe(branch);
    await expect(writeCommit(fixture.repo, { ...change, ref: 'bad..name' })).rejects.toMatchObject({ code: 'GIT_INVALID_REF_NAME' });
  });

  it('checks out the changed files and the index when asked, leaving git status clean', async () => {
    const { repo, dir, head } = await gitdir({ 'README.md': '# Hi\n', 'guide/a.md': 'a', 'guide/deep/b.md': 'b', 'keep.md': 'k' }, { checkout: true });
    expect(runGit(dir, ['status', '--porcelain'])).toBe('');
    const oid = await writeCommit(repo, commitOn(head, { write: new Map([['README.md', bytes('# Hello\n')], ['new/page.md', bytes('new')]]), delete: ['guide'] }, { ref: 'HEAD', checkout: true }));
    expect(runGit(dir, ['rev-parse', 'HEAD']).trim()).toBe(oid);
    expect(runGit(dir, ['status', '--porcelain'])).toBe('');
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toBe('# Hello\n');
    expect(await readFile(join(dir, 'new/page.md'), 'utf8')).toBe('new');
    expect(fs.existsSync(join(dir, 'guide'))).toBe(false);
  });

  it('checks out a folder replaced by a file, and a file replaced by a folder', async () => {
    const { repo, dir, head } = await gitdir({ 'guide/a.md': 'a', 'guide/deep/b.md': 'b', 'page.md': 'p' }, { checkout: true });
    const write = new Map([['guide', bytes('now a file')], ['page.md/index.md', bytes('now a folder')]]);
    const change = commitOn(head, { write, delete: ['guide', 'page.md'] }, { ref: 'main', checkout: true });
    await writeFile(join(dir, 'guide/deep/untracked.md'), 'mine');
    await expect(writeCommit(repo, change)).rejects.toMatchObject({ code: 'GIT_WORKTREE_CONFLICT', data: { path: 'guide' } });
    await rm(join(dir, 'guide/deep/untracked.md'));
    await writeCommit(repo, change);
    expect(runGit(dir, ['status', '--porcelain'])).toBe('');
    expect(await readFile(join(dir, 'guide'), 'utf8')).toBe('now a file');
    expect(await readFile(join(dir, 'page.md/index.md'), 'utf8')).toBe('now a folder');
  });

  it('refuses to check out over a local change or an untracked file, and moves nothing', async () => {
    const { repo, dir, head } = await gitdir({ 'README.md': '# Hi\n' }, { checkout: true });
    const rewrite = commitOn(head, { write: new Map([['README.md', bytes('# Theirs\n')], ['new.md', bytes('new')]]) }, { ref: 'main', checkout: true });
    await writeFile(join(dir, 'README.md'), '# Local edit\n');
    await expect(writeCommit(repo, rewrite)).rejects.toMatchObject({ code: 'GIT_WORKTREE_CONFLICT', data: { path: 'README.md' } });
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toBe('# Local edit\n');
    expect(await resolveRef(repo, 'main')).toBe(head);

    await writeFile(join(dir, 'README.md'), '# Hi\n');
    await writeFile(join(dir, 'new.md'), 'untracked');
    await expect(writeCommit(repo, rewrite)).rejects.toMatchObject({ code: 'GIT_WORKTREE_CONFLICT', data: { path: 'new.md' } });
    expect(await resolveRef(repo, 'main')).toBe(head);

    await rm(join(dir, 'new.md'));
    await writeCommit(repo, rewrite);
    expect(runGit(dir, ['status', '--porcelain'])).toBe('');
  });

  it('checks out only the branch HEAD is on, and only in a work tree', async () => {
    const { repo, head } = await gitdir({ 'README.md': '# Hi\n' });
    const change = commitOn(head, { write: new Map([['README.md', bytes('x')]]) }, { checkout: true });
    await expect(writeCommit(repo, { ...change, ref: 'other' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(writeCommit(repo, change)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    const bare: GitRepository = { fs, gitdir: repo.gitdir, cache: {} };
    await expect(writeCommit(bare, { ...change, ref: 'main' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('rejects identities that would corrupt the commit, and oids that are not commits', async () => {
    const { repo, head } = await gitdir({ 'README.md': '# Hi\n' });
    const change = commitOn(head, { write: new Map([['a.md', bytes('a')]]) });
    await expect(writeCommit(repo, { ...change, author: { ...ada, name: 'Eve <eve@example.com>' } })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', data: { field: 'author.name' } });
    await expect(writeCommit(repo, { ...change, committer: { ...bot, timestamp: 1.5 } })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', data: { field: 'committer.timestamp' } });
    await expect(writeCommit(repo, { ...change, parent: 'main' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', data: { field: 'parent' } });
    const tree = runGit(repo.dir!, ['rev-parse', `${head}^{tree}`]).trim();
    await expect(writeCommit(repo, { ...change, parent: tree })).rejects.toMatchObject({ code: 'GIT_WRONG_OBJECT_TYPE' });
  });

  it('gives the same oid for the same commit (deterministic fixtures)', async () => {
    const one = await gitdir({ 'README.md': '# Hi\n', 'docs/a.md': 'a' });
    const two = await gitdir({ 'docs/a.md': 'a', 'README.md': '# Hi\n' });
    expect(one.head).toBe(two.head);
    expect(runGit(one.dir, ['log', '-1', '--format=%an <%ae> %at']).trim()).toBe(`${FIXTURE_IDENTITY.name} <${FIXTURE_IDENTITY.email}> ${FIXTURE_IDENTITY.timestamp}`);
  });
});
