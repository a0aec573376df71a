// `quire export --claims`: the claims file is checked before anything is read (usage errors, exit 2, naming the
// file), and a valid one decides which {% if %} branch the bundle shows, through the real server on a socket.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/program.ts';
import type { Terminal } from '../src/cli/terminal.ts';
import { startConformanceServer, type ConformanceServer } from './conformance/harness.ts';

const work = mkdtempSync(join(tmpdir(), 'quire-export-claims-'));
let server: ConformanceServer;
let siteId: string;

function capture(): Terminal & { output: () => string; errors: () => string } {
  let out = '';
  let err = '';
  return { out: (text) => (out += text), err: (text) => (err += text), interactive: false, output: () => out, errors: () => err };
}

async function exportWith(claimsFile: string | undefined, out: string) {
  const terminal = capture();
  const args = ['export', '--site', siteId ?? 'unused', '--out', out, '--api', server.baseUrl, '--token', server.admin.token, ...(claimsFile === undefined ? [] : ['--claims', claimsFile])];
  const code = await runCli(args, terminal);
  return { code, terminal };
}

beforeAll(async () => {
  server = await startConformanceServer('sqlite');
  const api = server.client();
  const organization = server.admin.organization.id;
  const { data: space } = await api.orgs.createSpace(organization, { title: 'Handbook' });
  const { data: changeRequest } = await api.spaces.createChangeRequest(space.id, { subject: 'Pages' });
  const markdown = '# Welcome\n\n{% if visitor.claims.unsigned.plan === "pro" %}\nHello, pro reader.\n{% else %}\nHello, free reader.\n{% endif %}\n';
  await api.spaces.updateChangeRequestContent(space.id, changeRequest.id, { changes: [{ operation: 'insert_page', ref: 'home', title: 'Welcome', document: { markdown } }] });
  expect((await api.spaces.mergeChangeRequest(space.id, changeRequest.id)).data.result).toBe('merge');
  const { data: site } = await api.orgs.createSite(organization, { title: 'Docs', visibility: 'public' } as never);
  siteId = site.id;
  await api.orgs.addSpaceToSite(organization, site.id, { spaceId: space.id } as never);
  await api.orgs.publishSite(organization, site.id);
});

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('quire export --claims', () => {
  it('exports the branch of the claims given, and the else branch without claims', async () => {
    const claims = join(work, 'pro.json');
    writeFileSync(claims, '{ "unsigned": { "plan": "pro" } }\n');
    const pro = await exportWith(claims, join(work, 'pro'));
    expect(pro.code).toBe(0);
    const proHome = readFileSync(join(work, 'pro', 'index.html'), 'utf8');
    expect(proHome).toContain('Hello, pro reader.');
    expect(proHome).not.toContain('Hello, free reader.');

    const anonymous = await exportWith(undefined, join(work, 'anonymous'));
    expect(anonymous.code).toBe(0);
    const home = readFileSync(join(work, 'anonymous', 'index.html'), 'utf8');
    expect(home).toContain('Hello, free reader.');
    expect(home).not.toMatch(/pro reader|visitor\.claims/);
  });

  it.each<[string, string | undefined, RegExp]>([
    ['missing.json', undefined, /^quire export: --claims .*missing\.json: cannot read the file \(no such file\)\n$/],
    ['broken.json', '{\n  "plan": "pro",\n}\n', /^quire export: --claims .*broken\.json: not valid JSON at line 3, column 1\n$/],
    ['list.json', '["pro"]', /^quire export: --claims .*list\.json: the claims must be a JSON object \(\{ \.\.\. \}\), not a list\n$/],
    ['text.json', '"pro"', /the claims must be a JSON object .*not a string/],
    ['null.json', 'null', /not null/],
  ])('refuses %s as a usage error (exit 2) naming the file', async (name, content, message) => {
    const path = join(work, name);
    if (content !== undefined) writeFileSync(path, content);
    const out = join(work, `out-${name}`);
    const { code, terminal } = await exportWith(path, out);
    expect(code).toBe(2);
    expect(terminal.errors()).toMatch(message);
    expect(terminal.output()).toBe('');
  });

  it('explains claims in --help', async () => {
    const terminal = capture();
    await runCli(['export', '--help'], terminal);
    expect(terminal.output()).toContain('--claims <file.json>');
    expect(terminal.output()).toContain('visitor.claims.unsigned');
  });
});
