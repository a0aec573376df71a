// Issue 10, must-show 2: a space synced from two repositories keeps a sync point for each (per repository and
// branch), and a branch rewound or force-pushed is merged as a new sync point. The CLI runs in child processes
// on the embedded service, with repositories written by the git command line in the current exporter's style.
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cloneCorpus, runGit } from '../../src/git/git-cli-fixture.ts';
import { corpusSkipReason, corpusTitle } from '../support/corpus.ts';
import { runQuire } from '../support/serve-process.ts';

interface SyncJson {
  space: string;
  mode: string;
  ok: boolean;
  reason?: string;
  conflicts: Array<{ path: string }>;
  commits: string[];
}

const summary = (pages: Record<string, string>) =>
  `# Table of contents\n\n* [Home](README.md)\n${Object.entries(pages)
    .map(([path, title]) => `* [${title}](${path})\n`)
    .join('')}`;

/** The exporter's style: a README, a SUMMARY with its heading, pages with a description in frontmatter. */
const page = (title: string, body: string) => `---\ndescription: ${title} in short.\n---\n\n# ${title}\n\n${body}\n`;

function newRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-repo-'));
  runGit(dir, ['init', '--quiet', '--initial-branch=main']);
  return dir;
}

function commit(dir: string, files: Record<string, string | null>, message: string): string {
  for (const [path, text] of Object.entries(files)) {
    if (text === null) runGit(dir, ['rm', '--quiet', path]);
    else {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  }
  runGit(dir, ['add', '-A']);
  runGit(dir, ['commit', '--quiet', '--allow-empty', '-m', message]);
  return head(dir);
}

const head = (dir: string) => runGit(dir, ['rev-parse', 'HEAD']).trim();

/** The files of a commit, path → text. */
function filesAt(dir: string, ref: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const path of runGit(dir, ['ls-tree', '-r', '--name-only', ref]).split('\n').filter(Boolean)) files[path] = runGit(dir, ['show', `${ref}:${path}`]);
  return files;
}

async function sync(dir: string, data: string, ...args: string[]): Promise<SyncJson> {
  const run = await runQuire(['sync', '--dir', dir, '--data', data, '--json', ...args]);
  expect(run.stdout, run.stderr).not.toBe('');
  return JSON.parse(run.stdout) as SyncJson;
}

/** The space, pulled into a new repository: its files. */
async function pulled(data: string, space: string): Promise<Record<string, string>> {
  const fresh = newRepository();
  const result = await sync(fresh, data, '--space', space, '--direction', 'space-to-git');
  expect(result).toMatchObject({ mode: 'export', ok: true });
  return filesAt(fresh, 'HEAD');
}

describe('a space synced from two repositories keeps a sync point for each', () => {
  it('pulling the space into an unrelated repository does not move the first one\'s sync point; both keep syncing', async () => {
    const data = mkdtempSync(join(tmpdir(), 'quire-data-'));
    const first = newRepository();
    commit(first, { 'README.md': '# Home\n\nWelcome.\n', 'SUMMARY.md': summary({ 'setup.md': 'Setup' }), 'setup.md': page('Setup', 'Install it.') }, 'Commit 1');
    const one = await sync(first, data);
    expect(one).toMatchObject({ mode: 'import', ok: true });
    const space = one.space;
    commit(first, { 'README.md': '# Home\n\nWelcome, reader.\n' }, 'Commit 2');
    expect(await sync(first, data)).toMatchObject({ mode: 'import', ok: true });
    commit(first, { 'usage.md': page('Usage', 'Use it.'), 'SUMMARY.md': summary({ 'setup.md': 'Setup', 'usage.md': 'Usage' }) }, 'Commit 3');
    expect(await sync(first, data)).toMatchObject({ mode: 'import', ok: true });

    // `git init` + --direction space-to-git: a second, unrelated repository takes the space's content.
    const second = newRepository();
    const pull = await sync(second, data, '--space', space, '--direction', 'space-to-git');
    expect(pull).toMatchObject({ mode: 'export', ok: true });
    expect(filesAt(second, 'HEAD')).toEqual(filesAt(first, 'HEAD'));

    // The first repository goes on from its own sync point: Git's commits only, no preference needed, no conflict.
    commit(first, { 'README.md': '# Home\n\nWelcome, dear reader.\n', 'setup.md': page('Setup', 'Install it with npm.') }, 'Commit 4');
    const four = await sync(first, data);
    expect(four).toMatchObject({ mode: 'import', ok: true, conflicts: [], commits: [] });
    commit(first, { 'usage.md': null, 'SUMMARY.md': summary({ 'setup.md': 'Setup' }) }, 'Commit 5');
    expect(await sync(first, data)).toMatchObject({ mode: 'import', ok: true, conflicts: [] });
    expect(await sync(first, data)).toMatchObject({ mode: 'in-sync', ok: true });

    // The second repository goes on from its own: it gets commits 4 and 5 as commits of the space's revisions.
    const catchUp = await sync(second, data, '--space', space);
    expect(catchUp).toMatchObject({ mode: 'export', ok: true });
    expect(catchUp.commits).toHaveLength(2);
    expect(filesAt(second, 'HEAD')).toEqual(filesAt(first, 'HEAD'));

    // An edit made in the second repository reaches the first through the space, and then all three agree.
    commit(second, { 'setup.md': page('Setup', 'Install it with npm or pnpm.') }, 'Edit from the second repository');
    expect(await sync(second, data, '--space', space)).toMatchObject({ mode: 'import', ok: true });
    const back = await sync(first, data);
    expect(back).toMatchObject({ mode: 'export', ok: true });
    expect(filesAt(first, 'HEAD')['setup.md']).toBe(page('Setup', 'Install it with npm or pnpm.'));
    expect(await sync(second, data, '--space', space)).toMatchObject({ mode: 'in-sync', ok: true });
    expect(await sync(first, data)).toMatchObject({ mode: 'in-sync', ok: true });
    expect(await pulled(data, space)).toEqual(filesAt(first, 'HEAD'));
  }, 300_000);
});

describe('a branch rewound or force-pushed is merged as a new sync point', () => {
  const history = (dir: string) => {
    commit(dir, { 'README.md': '# Home\n\nWelcome.\n', 'SUMMARY.md': summary({ 'setup.md': 'Setup' }), 'setup.md': page('Setup', 'Install it.') }, 'Start');
    commit(dir, { 'setup.md': page('Setup', 'Install it, then configure it.') }, 'Configure');
    commit(dir, { 'faq.md': page('FAQ', 'Ask away.'), 'SUMMARY.md': summary({ 'setup.md': 'Setup', 'faq.md': 'FAQ' }) }, 'FAQ');
  };

  it('--direction git-to-space: the space takes the rewritten branch, records it, and later syncs go on cleanly', async () => {
    const data = mkdtempSync(join(tmpdir(), 'quire-data-'));
    const repo = newRepository();
    history(repo);
    const first = await sync(repo, data);
    expect(first).toMatchObject({ mode: 'import', ok: true });

    // Rewind two commits and commit something else: the synced commit is no longer in the branch.
    runGit(repo, ['reset', '--quiet', '--hard', 'HEAD~2']);
    const rewritten = commit(repo, { 'README.md': '# Home\n\nWelcome, rewritten.\n' }, 'Rewrite');
    const forced = await sync(repo, data, '--direction', 'git-to-space');
    expect(forced).toMatchObject({ mode: 'import', ok: true, conflicts: [] });
    expect(await pulled(data, first.space)).toEqual(filesAt(repo, rewritten));

    // Recorded: the next run in both directions has nothing to do, makes no commit, and the one after imports.
    expect(await sync(repo, data)).toMatchObject({ mode: 'in-sync', ok: true, commits: [] });
    expect(head(repo)).toBe(rewritten);
    commit(repo, { 'setup.md': page('Setup', 'Install it again.') }, 'After the rewrite');
    expect(await sync(repo, data)).toMatchObject({ mode: 'import', ok: true, conflicts: [] });
    expect(await sync(repo, data)).toMatchObject({ mode: 'in-sync', ok: true });
  }, 300_000);

  it('in both directions, space edits made since the sync point are kept and committed on the rewritten branch; a clash needs --prefer', async () => {
    const data = mkdtempSync(join(tmpdir(), 'quire-data-'));
    const repo = newRepository();
    history(repo);
    const { space } = await sync(repo, data);
    // The space is edited since the sync point (here through a second, unrelated repository that pulled it).
    const other = newRepository();
    expect(await sync(other, data, '--space', space, '--direction', 'space-to-git')).toMatchObject({ mode: 'export', ok: true });
    commit(other, { 'faq.md': page('FAQ', 'Ask away, we answer.'), 'setup.md': page('Setup', 'Install it, then configure it. Done.') }, 'Answer');
    expect(await sync(other, data, '--space', space)).toMatchObject({ mode: 'import', ok: true });

    // Force-push: the FAQ commit is gone from the branch (Git deletes faq.md, which the space edited); README changed.
    runGit(repo, ['reset', '--quiet', '--hard', 'HEAD~1']);
    const rewritten = commit(repo, { 'README.md': '# Home\n\nWelcome back.\n', 'SUMMARY.md': summary({ 'setup.md': 'Setup' }) }, 'Rewrite');
    const conflicted = await sync(repo, data);
    expect(conflicted).toMatchObject({ mode: 'conflict', ok: false });
    expect(conflicted.conflicts.map((conflict) => conflict.path)).toEqual(['faq.md']);
    expect(head(repo)).toBe(rewritten);

    // --prefer git: the rewritten branch wins where both changed a file; the space's other edit is committed on it.
    const preferred = await sync(repo, data, '--prefer', 'git');
    expect(preferred).toMatchObject({ mode: 'both', ok: true, conflicts: [] });
    const files = filesAt(repo, 'HEAD');
    expect(files['README.md']).toBe('# Home\n\nWelcome back.\n');
    expect(files['setup.md']).toBe(page('Setup', 'Install it, then configure it. Done.'));
    expect(files['faq.md']).toBeUndefined();
    expect(runGit(repo, ['merge-base', '--is-ancestor', rewritten, 'HEAD'])).toBe('');
    expect(await sync(repo, data)).toMatchObject({ mode: 'in-sync', ok: true });
    expect(await pulled(data, space)).toEqual(files);
  }, 300_000);
});

describe.skipIf(corpusSkipReason !== undefined)(corpusTitle('the corpus synced, pulled into a new repository, and synced on'), () => {
  it('commits 1 to 3, a pull into a new repository, then commits 4 and 5: no preference asked, no conflict', async () => {
    const corpus = cloneCorpus();
    try {
      const data = mkdtempSync(join(tmpdir(), 'quire-data-'));
      const commits = runGit(corpus.dir, ['rev-list', '--first-parent', '--reverse', 'HEAD']).split('\n').filter(Boolean);
      runGit(corpus.dir, ['checkout', '--quiet', '-B', 'replay', commits[0]!]);
      let space = '';
      for (const oid of commits.slice(0, 3)) {
        runGit(corpus.dir, ['reset', '--quiet', '--hard', oid]);
        const result = await sync(corpus.dir, data);
        expect(result.ok, JSON.stringify(result)).toBe(true);
        space = result.space;
      }
      const second = newRepository();
      expect(await sync(second, data, '--space', space, '--direction', 'space-to-git')).toMatchObject({ mode: 'export', ok: true });
      for (const oid of commits.slice(3, 5)) {
        runGit(corpus.dir, ['reset', '--quiet', '--hard', oid]);
        const result = await sync(corpus.dir, data);
        expect(result.mode).not.toBe('needs-preference');
        expect(result.conflicts).toEqual([]);
        expect(result.ok, JSON.stringify(result)).toBe(true);
      }
      expect(readFileSync(join(data, 'sync-spaces.json'), 'utf8')).toContain(space);
    } finally {
      corpus.remove();
    }
  }, 180_000);
});
