// `quire spaces` and `quire sites`, and `quire export --space`, on the embedded service of a fresh data folder (in
// process, with a captured terminal): what each prints, --json, the exit codes, and the message of a site that is
// not published yet. Also the space `quire sync` prints in embedded mode.
import fs, { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/program.ts';
import { initRepository, writeCommit } from '../src/git/index.ts';
import { captureTerminal } from './support/published-site.ts';

const work = mkdtempSync(join(tmpdir(), 'quire-cli-sites-'));
const data = join(work, 'data');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs `quire <args> --data <data>` and returns the exit code with what it printed. */
async function quire(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const terminal = captureTerminal();
  const code = await runCli([...args, '--data', data], terminal);
  return { code, out: terminal.output(), err: terminal.errors() };
}

/** A Git repository of one small docs folder, synced into the embedded service; returns the space `quire sync` printed. */
async function syncedSpace(name: string, title: string): Promise<string> {
  const dir = join(work, name);
  const repo = await initRepository({ fs, dir });
  const encoder = new TextEncoder();
  const files = new Map([
    ['README.md', encoder.encode(`# ${title}\n\nThe start of ${title}.\n`)],
    ['SUMMARY.md', encoder.encode(`# Table of contents\n\n* [${title}](README.md)\n* [Setup](setup.md)\n`)],
    ['setup.md', encoder.encode(`# Setup\n\nHow to set up ${title}.\n`)],
  ]);
  await writeCommit(repo, { parent: null, changes: { write: files }, author: { name: 'W', email: 'w@example.com', timestamp: 1_700_000_000, timezoneOffset: 0 }, message: 'Docs', ref: 'main', checkout: true });
  const first = await quire('sync', '--dir', dir);
  expect(first.code, first.err).toBe(0);
  const spaceId = /^Space: (\S+) \(made for this folder, on the embedded service in /m.exec(first.out)?.[1];
  expect(spaceId, first.out).toBeDefined();
  expect(first.out).toContain(`quire sites create --title <title> --space ${spaceId} --data ${data}`);
  const again = await quire('sync', '--dir', dir, '--json');
  expect(JSON.parse(again.out)).toMatchObject({ space: spaceId, spaceCreated: false, mode: 'in-sync' });
  return spaceId!;
}

let handbook: string;
let api: string;

beforeAll(async () => {
  handbook = await syncedSpace('handbook', 'Handbook');
  api = await syncedSpace('api', 'API guide');
}, 120_000);

describe('quire spaces', () => {
  it('lists the spaces, as lines and as JSON, and creates one', async () => {
    const listed = await quire('spaces', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`${handbook}  handbook\n`);
    const created = await quire('spaces', 'create', '--title', 'Notes', '--json');
    expect(created.code).toBe(0);
    const space = JSON.parse(created.out) as { id: string; title: string };
    expect(space.title).toBe('Notes');
    const json = JSON.parse((await quire('spaces', 'list', '--json')).out) as Array<{ id: string; title: string; visibility: string }>;
    expect(json.map((item) => item.id)).toEqual(expect.arrayContaining([handbook, api, space.id]));
    expect(Object.keys(json[0]!).sort()).toEqual(['id', 'title', 'visibility']);
    expect((await quire('spaces', 'create')).code).toBe(2); // --title is required
  });

  it('a space made with spaces create and synced once with --space stays the folder\'s: later syncs need no --space', async () => {
    const created = JSON.parse((await quire('spaces', 'create', '--title', 'Guide', '--json')).out) as { id: string };
    const dir = join(work, 'guide');
    const repo = await initRepository({ fs, dir });
    const files = new Map([['README.md', new TextEncoder().encode('# Guide\n\nRead me.\n')]]);
    await writeCommit(repo, { parent: null, changes: { write: files }, author: { name: 'W', email: 'w@example.com', timestamp: 1_700_000_000, timezoneOffset: 0 }, message: 'Guide', ref: 'main', checkout: true });
    const first = await quire('sync', '--dir', dir, '--space', created.id, '--json');
    expect(first.code, first.err).toBe(0);
    expect(JSON.parse(first.out)).toMatchObject({ space: created.id, spaceCreated: false, mode: 'import' });
    const again = await quire('sync', '--dir', dir, '--json');
    expect(JSON.parse(again.out)).toMatchObject({ space: created.id, spaceCreated: false, mode: 'in-sync' });
  });
});

describe('quire sites', () => {
  it('makes a site of one space that exports only once published, and says how to publish it', async () => {
    const created = await quire('sites', 'create', '--title', 'Handbook site', '--space', handbook);
    expect(created.code, created.err).toBe(0);
    const siteId = /^Created site (\S+) "Handbook site" \(public, not published yet\), showing space /m.exec(created.out)?.[1];
    expect(siteId, created.out).toBeDefined();
    expect(created.out).toContain(`Publish it: quire sites publish ${siteId}`);

    const early = await quire('export', '--site', siteId!, '--out', join(work, 'early'));
    expect(early.code).toBe(1);
    expect(early.err).toContain(`site ${siteId} ("Handbook site") exists but is not published`);
    expect(early.err).toContain(`quire sites publish ${siteId}`);
    expect(early.err).not.toContain('does not exist');

    const published = await quire('sites', 'publish', siteId!, '--json');
    expect(published.code).toBe(0);
    expect(JSON.parse(published.out)).toEqual({ id: siteId, title: 'Handbook site', visibility: 'public', published: true, siteSpaces: 1 });
    expect((await quire('sites', 'list')).out).toMatch(new RegExp(`^${siteId} {2}published +Handbook site$`, 'm'));

    const out = join(work, 'handbook-site');
    const exported = await quire('export', '--site', siteId!, '--out', out);
    expect(exported.code, exported.err).toBe(0);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('The start of Handbook.');
    expect(existsSync(join(out, 'setup', 'index.html'))).toBe(true);

    const unpublished = await quire('sites', 'unpublish', siteId!);
    expect(unpublished.code).toBe(0);
    expect(unpublished.out).toContain(`Unpublished site ${siteId} "Handbook site"`);
    expect((await quire('export', '--site', siteId!, '--out', join(work, 'late'))).err).toContain(`quire sites publish ${siteId}`);
  });

  it('makes one section per space when given several, in the order given', async () => {
    const created = await quire('sites', 'create', '--title', 'Docs', '--space', handbook, '--space', api, '--json');
    expect(created.code, created.err).toBe(0);
    const site = JSON.parse(created.out) as { id: string; published: boolean; siteSpaces: number; spaces: string[]; sections: Array<{ title: string; path: string; space: string }> };
    expect(site).toMatchObject({ published: false, siteSpaces: 2, spaces: [handbook, api] });
    expect(site.sections.map(({ title, space }) => ({ title, space }))).toEqual([
      { title: 'handbook', space: handbook },
      { title: 'api', space: api },
    ]);
    expect((await quire('sites', 'publish', site.id)).code).toBe(0);
    const out = join(work, 'docs-site');
    expect((await quire('export', '--site', site.id, '--out', out)).code).toBe(0);
    const second = site.sections[1]!.path;
    expect(readFileSync(join(out, second, 'index.html'), 'utf8')).toContain('The start of API guide.');
  });

  it('names the bad option, makes nothing on a wrong space, and exits 2 on wrong usage', async () => {
    const before = (JSON.parse((await quire('sites', 'list', '--json')).out) as unknown[]).length;
    const missing = await quire('sites', 'create', '--title', 'Nothing');
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.err).toContain('--space <spaceId> is required');
    const twice = await quire('sites', 'create', '--title', 'Twice', '--space', handbook, '--space', handbook);
    expect(twice.code).toBe(2);
    expect(twice.err).toContain(`--space names the same space twice (${handbook})`);
    const unknown = await quire('sites', 'create', '--title', 'Ghost', '--space', handbook, '--space', 'nosuchspace');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('--space nosuchspace: there is no such space');
    expect((JSON.parse((await quire('sites', 'list', '--json')).out) as unknown[]).length).toBe(before);
    const ghost = await quire('sites', 'publish', 'nosuchsite');
    expect(ghost.code).toBe(1);
    expect(ghost.err).toContain('there is no site nosuchsite');
  });
});

describe('quire export --space', () => {
  it('exports one space as a site with the default customization, titled like the space', async () => {
    const out = join(work, 'one-space');
    const exported = await quire('export', '--space', api, '--out', out);
    expect(exported.code, exported.err).toBe(0);
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    expect(home).toContain('The start of API guide.');
    expect(home).toMatch(/<title>[^<]*api[^<]*<\/title>/);
    expect(existsSync(join(out, 'setup', 'index.html'))).toBe(true);
  });

  it('takes exactly one of --site and --space (exit 2 otherwise)', async () => {
    const neither = await quire('export', '--out', join(work, 'neither'));
    expect(neither.code).toBe(2);
    expect(neither.err).toContain('give --site <id> (a published site) or --space <id>');
    expect((await quire('export', '--site', 'a', '--space', api, '--out', join(work, 'both'))).code).toBe(2);
  });

  it('names --api and --token when they are wrong or missing', async () => {
    const noToken = await quire('export', '--space', api, '--out', join(work, 'x'), '--api', 'http://127.0.0.1:9');
    expect(noToken.err).toContain('--token (or QUIRE_TOKEN) is required with --api');
    const badApi = await quire('spaces', 'list', '--api', 'docs.example.com', '--token', 't');
    expect(badApi.err).toContain('--api must be an http(s) URL');
    const withV1 = await quire('sites', 'list', '--api', 'http://127.0.0.1:9/v1', '--token', 't');
    expect(withV1.err).toContain('--api is the API origin, without /v1 (http://127.0.0.1:9)');
  });
});
