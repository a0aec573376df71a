// `quire export --claims`: the claims file is checked before anything is read (usage errors, exit 2, naming the
// file), and a valid one decides which {% if %} branch the bundle shows, through the real server on a socket.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/program.ts';
import { startConformanceServer, type ConformanceServer } from './conformance/harness.ts';
import { captureTerminal, publishOneSpaceSite } from './support/published-site.ts';

const work = mkdtempSync(join(tmpdir(), 'quire-export-claims-'));
let server: ConformanceServer;
let siteId: string;

async function exportWith(claimsFile: string | undefined, out: string) {
  const terminal = captureTerminal();
  const args = ['export', '--site', siteId ?? 'unused', '--out', out, '--api', server.baseUrl, '--token', server.admin.token, ...(claimsFile === undefined ? [] : ['--claims', claimsFile])];
  const code = await runCli(args, terminal);
  return { code, terminal };
}

beforeAll(async () => {
  server = await startConformanceServer('sqlite');
  const markdown = '# Welcome\n\n{% if visitor.claims.unsigned.plan === "pro" %}\nHello, pro reader.\n{% else %}\nHello, free reader.\n{% endif %}\n';
  siteId = await publishOneSpaceSite(server, [{ operation: 'insert_page', ref: 'home', title: 'Welcome', document: { markdown } }]);
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
    const terminal = captureTerminal();
    await runCli(['export', '--help'], terminal);
    expect(terminal.output()).toContain('--claims <file.json>');
    expect(terminal.output()).toContain('visitor.claims.unsigned');
  });
});
