// Issue 10, "Order of changes" and "A space never gets stuck" (must-show 3 and 4), as a user runs `quire sync`:
// the CLI in a child process, against the real server on a socket.
import type { RevisionPage, RevisionPageDocument } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { runQuire } from '../support/serve-process.ts';
import { gitdir, repoFiles, spaceFiles, useSyncWorld, useWorldTokenInEnvironment, type SyncWorld } from './sync-harness.ts';

// A low file limit (64 KiB), so a file the space refuses is an ordinary screenshot, not a 100 MB one.
const world = useSyncWorld({ maxFileBytes: 64 * 1024 });
const summary = (lines: string[]) => `# Table of contents\n\n${lines.join('\n')}\n`;
const png = (seed: number) => new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, seed, seed, seed]);
const big = new Uint8Array(100 * 1024).fill(7);

interface FailedItem {
  kind: string;
  path?: string;
  line?: number;
  detail?: string;
}
interface SyncJson {
  ok: boolean;
  mode: string;
  changeRequest?: { number: number; merged: boolean };
  byOutcome: Record<string, FailedItem[]>;
  diagnostics: Array<{ severity: string; code: string; path: string; message: string }>;
}

// The child inherits the token: `quire sync --api` reads it from QUIRE_TOKEN.
useWorldTokenInEnvironment(world);

const quireSync = (dir: string, spaceId: string, ...more: string[]) => runQuire(['sync', '--dir', dir, '--api', world().server.baseUrl, '--space', spaceId, ...more]);

async function openChangeRequests(w: SyncWorld, spaceId: string): Promise<number[]> {
  const numbers: number[] = [];
  for await (const changeRequest of w.client.listChangeRequests(spaceId, { status: 'open' })) numbers.push(changeRequest.number);
  return numbers;
}

const documents = (pages: readonly RevisionPage[]): RevisionPageDocument[] =>
  pages.flatMap((page) => [...(page.type === 'document' ? [page] : []), ...('pages' in page ? documents(page.pages as RevisionPage[]) : [])]);

describe('order of changes', () => {
  it('X/README.md and its children replaced by X.md in one commit imports; the page gets its slug back', async () => {
    const repo = await gitdir(
      {
        'README.md': '# Welcome\n\nHi.\n',
        'SUMMARY.md': summary(['* [Welcome](README.md)', '* [Guide](guide/README.md)', '  * [Install](guide/install.md)']),
        'guide/README.md': '# Guide\n\nRead on.\n',
        'guide/install.md': '# Install\n\nRun it.\n',
      },
      { checkout: true },
    );
    const spaceId = await world().newSpace();
    const first = await quireSync(repo.dir, spaceId);
    expect(first.code, first.stdout + first.stderr).toBe(0);

    // A new X.md (nothing like the old X/README.md, so not matched as a move) takes X/README.md's place and children.
    await repo.commit(
      {
        'guide/README.md': null,
        'guide.md': '# Handbook\n\nEverything about the product, rewritten from scratch.\n',
        'SUMMARY.md': summary(['* [Welcome](README.md)', '* [Handbook](guide.md)', '  * [Install](guide/install.md)']),
      },
      'Replace the guide folder page by guide.md',
    );
    const run = await quireSync(repo.dir, spaceId, '--json');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as SyncJson;
    expect(json.changeRequest?.merged).toBe(true);
    expect(json.byOutcome['failed']).toEqual([]);
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));

    const pages = documents((await world().client.getRevision({ spaceId })).pages);
    expect(pages.map((page) => [page.git?.path, page.slug]).slice(1)).toEqual([
      ['guide.md', 'guide'],
      ['guide/install.md', 'install'],
    ]);
    expect(await openChangeRequests(world(), spaceId)).toEqual([]);
  }, 180_000);
});

describe('a space never gets stuck', () => {
  it('a refused page, a refused file (and one at a path the rules refuse) and a refused commit: the rest imported, one change request, each refusal named on every run and listed once', async () => {
    const base = {
      'README.md': '# Welcome\n\nHi.\n',
      'SUMMARY.md': summary(['* [Welcome](README.md)', '* [Guide](guide.md)']),
      'guide.md': '# Guide\n\nRead on.\n',
    };
    const repo = await gitdir(base, { checkout: true });
    const spaceId = await world().newSpace();
    expect((await quireSync(repo.dir, spaceId)).code).toBe(0);

    const sections = ['* [Welcome](README.md)', '* [Guide](guide.md)', '* [Broken](broken/README.md)', '  * [Child](broken/child.md)', '* [Other](other.md)'];
    const brokenPage = '---\ndescription: [unclosed\n---\n\n# Broken\n\nText.\n';
    const expectedFailures: Array<[string, string, number | undefined]> = [['page', 'broken/README.md', 2]];
    const changeRequests: number[] = [];
    const check = async (label: string) => {
      const json = await quireSync(repo.dir, spaceId, '--json');
      expect(json.code, `${label}: ${json.stderr}`).toBe(1);
      const result = JSON.parse(json.stdout) as SyncJson;
      // Each refusal once, with its file (and line when the space names one).
      expect(result.byOutcome['failed']!.map((item) => [item.kind, item.path, item.line]), label).toEqual(expectedFailures);
      changeRequests.push(result.changeRequest!.number);
      expect(await openChangeRequests(world(), spaceId), label).toEqual([changeRequests[0]]);
      return result;
    };

    // 1. A refused page: its child and the other new page still go in.
    await repo.commit(
      { 'broken/README.md': brokenPage, 'broken/child.md': '# Child\n\nFine.\n', 'other.md': '# Other\n\nFine too.\n', 'SUMMARY.md': summary(sections) },
      'Add a section whose frontmatter is not YAML',
    );
    const first = await check('a refused page');
    expect(first.byOutcome['failed']![0]!.detail).toMatch(/frontmatter is not valid YAML on line 2/);
    expect(first.byOutcome['created']!.map((item) => item.path)).toEqual(['broken/child.md', 'other.md']);

    // 2. A refused file (over the space's file limit) next to one it takes, and a file at a path the repository
    // path rules refuse (a tab in its name, which Git on Linux and the disk allow): the format reports that one and
    // does not read it, so it is a diagnostic, not a refusal.
    await repo.commit(
      {
        '.gitbook/assets/a\tb.png': png(1),
        '.gitbook/assets/big.png': big,
        '.gitbook/assets/ok.png': png(2),
        'other.md': '# Other\n\nFine too.\n\n![A](.gitbook/assets/a%09b.png)\n\n![Big](.gitbook/assets/big.png)\n\n![OK](.gitbook/assets/ok.png)\n',
      },
      'Add screenshots',
    );
    expectedFailures.unshift(['file', '.gitbook/assets/big.png', undefined]);
    const unread = await check('a refused file');
    expect(unread.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', code: 'FORMAT_UNSAFE_PATH', path: '.gitbook/assets/a\tb.png' }));

    // 3. A commit refused as a whole: a variable the space cannot hold. The text output names every refusal.
    await repo.commit({ '.gitbook/vars.yaml': `product: ${'x'.repeat(300)}\n` }, 'Add a long variable');
    expectedFailures.push(['directory', '.gitbook/vars.yaml', undefined]);
    const text = await quireSync(repo.dir, spaceId);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('failed page broken/README.md:2 "Broken" (document.markdown: the frontmatter is not valid YAML on line 2');
    expect(text.stdout).toContain('failed directory .gitbook/vars.yaml (variables.product: must be a string of at most 256 characters');
    expect(text.stdout).toContain(`failed file .gitbook/assets/big.png (${big.byteLength} bytes: the server takes files of at most 65536 bytes`);
    expect(text.stdout.match(/^ {2}failed /gm)).toHaveLength(3);
    await check('a refused commit');
    expect(new Set(changeRequests).size).toBe(1);

    // Everything else is in the one change request.
    let openId = '';
    for await (const changeRequest of world().client.listChangeRequests(spaceId, { status: 'open' })) openId = changeRequest.id;
    const held = documents((await world().client.getRevision({ spaceId, changeRequestId: openId })).pages).map((page) => page.git?.path);
    expect(held).toEqual(expect.arrayContaining(['README.md', 'guide.md', 'broken/child.md', 'other.md']));
    expect(held).not.toContain('broken/README.md');

    // Fixed in Git: the next sync merges that change request, and the space equals the repository.
    await repo.commit(
      {
        'broken/README.md': '---\ndescription: Closed now\n---\n\n# Broken\n\nText.\n',
        '.gitbook/assets/a\tb.png': null,
        '.gitbook/assets/big.png': null,
        '.gitbook/assets/a-b.png': png(1),
        'other.md': '# Other\n\nFine too.\n\n![A](.gitbook/assets/a-b.png)\n\n![OK](.gitbook/assets/ok.png)\n',
        '.gitbook/vars.yaml': 'product: Quire\n',
      },
      'Fix what the space refused',
    );
    const fixed = await quireSync(repo.dir, spaceId, '--json');
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    expect((JSON.parse(fixed.stdout) as SyncJson).changeRequest).toMatchObject({ number: changeRequests[0], merged: true });
    expect(await openChangeRequests(world(), spaceId)).toEqual([]);
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
  }, 180_000);
});

describe('slugs that collide in Git', () => {
  it('guide.md next to guide/README.md imports, each page with a unique slug, the files as Git has them', async () => {
    const repo = await gitdir(
      {
        'README.md': '# Welcome\n\nHi.\n',
        'SUMMARY.md': summary(['* [Welcome](README.md)', '* [Guide](guide.md)', '* [Guide folder](guide/README.md)', '  * [Install](guide/install.md)']),
        'guide.md': '# Guide\n\nA page.\n',
        'guide/README.md': '# Guide folder\n\nAnother page with the same slug.\n',
        'guide/install.md': '# Install\n\nRun it.\n',
      },
      { checkout: true },
    );
    const spaceId = await world().newSpace();
    const run = await quireSync(repo.dir, spaceId);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
    const pages = documents((await world().client.getRevision({ spaceId })).pages);
    const slugs = pages.filter((page) => page.git?.path?.startsWith('guide')).map((page) => [page.git?.path, page.slug]);
    expect(slugs).toEqual([['guide.md', 'guide'], ['guide/README.md', 'guide-1'], ['guide/install.md', 'install']]);
    expect((await quireSync(repo.dir, spaceId)).stdout).toMatch(/^Sync done: in-sync/);
  }, 180_000);
});

describe('a first sync with a refused page', () => {
  it('leaves one change request, which the next syncs reuse and merge once the page is fixed', async () => {
    const repo = await gitdir(
      {
        'README.md': '# Welcome\n\nHi.\n',
        'SUMMARY.md': summary(['* [Welcome](README.md)', '* [Broken](broken.md)']),
        'broken.md': '---\ndescription: [unclosed\n---\n\n# Broken\n\nText.\n',
      },
      { checkout: true },
    );
    const spaceId = await world().newSpace();
    const numbers: number[] = [];
    for (const label of ['first', 'second']) {
      const run = await quireSync(repo.dir, spaceId, '--json');
      expect(run.code, `${label}: ${run.stderr}`).toBe(1);
      const json = JSON.parse(run.stdout) as SyncJson;
      expect(json.byOutcome['failed']!.map((item) => [item.path, item.line])).toEqual([['broken.md', 2]]);
      numbers.push(json.changeRequest!.number);
      expect(await openChangeRequests(world(), spaceId)).toEqual([numbers[0]]);
    }
    await repo.commit({ 'broken.md': '---\ndescription: Fixed\n---\n\n# Broken\n\nText.\n' }, 'Fix the frontmatter');
    const fixed = await quireSync(repo.dir, spaceId, '--json');
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    expect((JSON.parse(fixed.stdout) as SyncJson).changeRequest).toMatchObject({ number: numbers[0], merged: true });
    expect(await openChangeRequests(world(), spaceId)).toEqual([]);
    expect(await spaceFiles(world(), spaceId)).toEqual(await repoFiles(repo));
  }, 180_000);
});
