// Issue 10, "Moves rewrite bytes that Git sent": a commit moves and renames pages without changing their files
// while other pages keep linking to them (a heading anchor, `broken-reference`, folder links included). Synced
// with the CLI, the space, pulled into a fresh repository, is the commit byte for byte, and each page's recorded
// blob id is its bytes' id. The CLI runs as a user runs it: child processes, plain git, the embedded service.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runGit } from '../../src/git/git-cli-fixture.ts';
import { commitFiles, initPlainRepository, pullInto, treeOf } from '../support/plain-git.ts';
import { runQuire } from '../support/serve-process.ts';

const scratch = mkdtempSync(join(tmpdir(), 'quire-git-moves-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const summary = (entries: string[]) => `# Table of contents\n\n${entries.join('\n')}\n`;

const first: Record<string, string> = {
  'README.md': '# Home\n\nStart with [editing](guides/editing.md), see [guides](guides/) and [gone](broken-reference).\n',
  'SUMMARY.md': summary(['* [Home](README.md)', '* [Guides](guides/README.md)', '  * [Editing](guides/editing.md)', '  * [Publishing](guides/publishing.md)', '* [Reference](reference/README.md)', '  * [Glossary](reference/glossary.md)']),
  'guides/README.md': '# Guides\n\n[editing](editing.md) [publishing](publishing.md) [glossary](../reference/glossary.md)\n',
  'guides/editing.md': '# Editing\n\n## Editing <a href="editing" id="editing"></a>\n\nSee [publishing](publishing.md), [reference](../reference/) and [x](../broken-reference).\n',
  'guides/publishing.md': '# Publishing\n\nAfter [editing](editing.md#editing), read the [glossary](../reference/glossary.md).\n',
  'reference/README.md': '# Reference\n\n[glossary](glossary.md) [guides](../guides/)\n',
  'reference/glossary.md': '# Glossary\n\n<a href="../guides/editing.md">Editing</a> and [publishing](../guides/publishing.md).\n',
};

it('a commit that moves pages (unchanged blobs) others link to: the space pulled into a fresh repository is the commit byte for byte', { timeout: 120_000 }, async () => {
  const repo = join(scratch, 'repo');
  const data = join(scratch, 'data');
  initPlainRepository(repo, { name: 'Writer', email: 'writer@example.com' });
  commitFiles(repo, first, 'Docs');

  const imported = await runQuire(['sync', '--dir', repo, '--data', data, '--json']);
  expect(imported.code, imported.stderr).toBe(0);
  const spaceId = (JSON.parse(imported.stdout) as { space: string }).space;

  // Git moves editing.md to the top and renames glossary.md, files unchanged: the pages linking to them are not
  // changed either (their links are now stale, as Git left them). Only SUMMARY.md is rewritten.
  runGit(repo, ['mv', 'guides/editing.md', 'editing.md']);
  runGit(repo, ['mv', 'reference/glossary.md', 'reference/terms.md']);
  const moved = commitFiles(
    repo,
    { 'SUMMARY.md': summary(['* [Home](README.md)', '* [Editing](editing.md)', '* [Guides](guides/README.md)', '  * [Publishing](guides/publishing.md)', '* [Reference](reference/README.md)', '  * [Glossary](reference/terms.md)']) },
    'Move editing to the top, rename the glossary',
  );
  const synced = await runQuire(['sync', '--dir', repo, '--data', data, '--json']);
  expect(synced.code, synced.stderr + synced.stdout).toBe(0);

  const again = await runQuire(['sync', '--dir', repo, '--data', data]);
  expect(again.code, again.stderr).toBe(0);
  expect(again.stdout).toMatch(/^Sync done: in-sync/);

  // Pulled only at the end: a pull into another repository takes the space's sync point with it (issue 10,
  // another part), and the bytes stored here are still there then, since these pages do not change again.
  const movedTree = treeOf(repo, moved);

  // A whole folder moves under another (its files unchanged) and one page's links are updated by the same commit.
  runGit(repo, ['mv', 'reference', 'guides/reference']);
  const folderMoved = commitFiles(
    repo,
    {
      'SUMMARY.md': summary(['* [Home](README.md)', '* [Editing](editing.md)', '* [Guides](guides/README.md)', '  * [Publishing](guides/publishing.md)', '  * [Reference](guides/reference/README.md)', '    * [Glossary](guides/reference/terms.md)']),
      'guides/README.md': '# Guides\n\n[editing](../editing.md) [publishing](publishing.md) [glossary](reference/terms.md) [reference](reference/)\n',
    },
    'Reference goes under Guides',
  );
  const folderSynced = await runQuire(['sync', '--dir', repo, '--data', data, '--json']);
  expect(folderSynced.code, folderSynced.stderr + folderSynced.stdout).toBe(0);
  const pulled = await pullInto(join(scratch, 'pulled'), data, spaceId);
  expect(pulled).toEqual(treeOf(repo, folderMoved));
  // The pages the first move left untouched are, byte for byte, what Git wrote in that commit.
  for (const path of ['editing.md', 'README.md', 'guides/publishing.md']) expect(pulled[path], path).toBe(movedTree[path]);
});
