// Issue 17, structural commits: a sync that reads both commits whole does not read the large assets neither
// commit changed and the space holds as they are (src/sync/unchanged-file-stand-ins.ts). Whatever it skipped,
// the space must end up holding Git's bytes: a commit that moves pages, renames one large image and rewrites
// another is synced with the CLI, and the space, pulled into a fresh repository, is that commit blob for blob.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runGit } from '../../src/git/git-cli-fixture.ts';
import { commitFiles, initPlainRepository, pullInto, treeOf } from '../support/plain-git.ts';
import { runQuire } from '../support/serve-process.ts';

const scratch = mkdtempSync(join(tmpdir(), 'quire-unchanged-assets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A PNG header of `width` × `height` followed by `size` bytes in all, the rest varying with `seed`. */
function png(width: number, height: number, size: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  let state = seed;
  for (let index = 24; index < size; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

const summary = (entries: string[]) => `# Table of contents\n\n${entries.join('\n')}\n`;

it('a structural commit beside large unchanged, renamed and rewritten images: the space is the commit blob for blob', { timeout: 120_000 }, async () => {
  const repo = join(scratch, 'repo');
  const data = join(scratch, 'data');
  initPlainRepository(repo, { name: 'Writer', email: 'writer@example.com' });
  commitFiles(
    repo,
    {
      'README.md': '# Home\n\n![Diagram](.gitbook/assets/diagram.png)\n\n![Photo](.gitbook/assets/photo.png)\n',
      'SUMMARY.md': summary(['* [Home](README.md)', '* [Guides](guides/README.md)', '  * [Charts](guides/charts.md)']),
      'guides/README.md': '# Guides\n\n[Charts](charts.md)\n',
      'guides/charts.md': '# Charts\n\n![Chart](../.gitbook/assets/chart.png)\n\n![Diagram](../.gitbook/assets/diagram.png)\n',
      '.gitbook/assets/diagram.png': png(800, 600, 90_000, 1),
      '.gitbook/assets/photo.png': png(1024, 768, 120_000, 2),
      '.gitbook/assets/chart.png': png(300, 200, 70_000, 3),
      '.gitbook/assets/unused.png': png(10, 10, 60_000, 4),
      '.gitbook/assets/icon.png': png(16, 16, 400, 5),
    },
    'Docs with images',
  );
  const imported = await runQuire(['sync', '--dir', repo, '--data', data, '--json']);
  expect(imported.code, imported.stderr).toBe(0);
  const spaceId = (JSON.parse(imported.stdout) as { space: string }).space;

  // The charts page moves into a new folder, the photo is renamed, the chart rewritten (same size, new bytes);
  // the diagram and the unused image stay as they are, at the same paths.
  mkdirSync(join(repo, 'guides/visual'));
  runGit(repo, ['mv', 'guides/charts.md', 'guides/visual/charts.md']);
  runGit(repo, ['mv', '.gitbook/assets/photo.png', '.gitbook/assets/photo-2024.png']);
  const structural = commitFiles(
    repo,
    {
      'SUMMARY.md': summary(['* [Home](README.md)', '* [Guides](guides/README.md)', '  * [Visual](guides/visual/charts.md)']),
      'README.md': '# Home\n\n![Diagram](.gitbook/assets/diagram.png)\n\n![Photo](.gitbook/assets/photo-2024.png)\n',
      'guides/README.md': '# Guides\n\n[Charts](visual/charts.md)\n',
      'guides/visual/charts.md': '# Charts\n\n![Chart](../../.gitbook/assets/chart.png)\n\n![Diagram](../../.gitbook/assets/diagram.png)\n',
      '.gitbook/assets/chart.png': png(300, 200, 70_000, 33),
    },
    'Move the charts, rename the photo, redraw the chart',
  );
  const synced = await runQuire(['sync', '--dir', repo, '--data', data, '--json']);
  expect(synced.code, synced.stderr + synced.stdout).toBe(0);
  const again = await runQuire(['sync', '--dir', repo, '--data', data]);
  expect(again.stdout).toMatch(/^Sync done: in-sync/);

  expect(await pullInto(join(scratch, 'pulled'), data, spaceId)).toEqual(treeOf(repo, structural));
});
