// docs/exit-codes.md is the one table of what `quire` exits with: each row is run here in child processes of
// bin/quire.js, and each command's --help must list exactly the codes the table gives that command.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedPort } from '../src/client/fixtures/local-server.ts';
import { gitdir, type FixtureRepository } from '../src/git/gitdir-fixture.ts';
import { runQuire, startServe } from './support/serve-process.ts';

const table = readFileSync(new URL('../docs/exit-codes.md', import.meta.url), 'utf8');
/** Each row: the code and the commands the table gives it. */
const rows = [...table.matchAll(/^\| (\d) \|.*\| ([^|]*) \|$/gm)].map(([, code, commands]) => ({
  code: Number(code),
  commands: [...commands!.matchAll(/`([^`]+)`/g)].map(([, name]) => name!),
}));
const commands = ['convert', 'demo', 'serve', 'sync', 'export', 'build', 'spaces list', 'spaces create', 'sites list', 'sites create', 'sites publish', 'sites unpublish', 'token create', 'token list', 'token revoke', 'user add', 'user list', 'invite', 'invite list', 'invite revoke'];
const env = { QUIRE_API_ATTEMPTS: '1', QUIRE_API_URL: undefined, QUIRE_TOKEN: undefined };

const work = mkdtempSync(join(tmpdir(), 'quire-exit-codes-'));
let repo: FixtureRepository;

beforeAll(async () => {
  repo = await gitdir({ 'README.md': '# Docs\n\nHello.\n' }, { checkout: true });
  mkdirSync(join(work, 'clean'));
  writeFileSync(join(work, 'clean/README.md'), '# Clean\n');
  mkdirSync(join(work, 'broken'));
  writeFileSync(join(work, 'broken/README.md'), '---\ntitle: [unclosed\n---\n# Broken\n');
  writeFileSync(join(work, 'a-file'), 'not a folder\n');
});

afterAll(async () => {
  await repo?.remove();
  rmSync(work, { recursive: true, force: true });
});

/** A data folder `quire serve` started in once (so it has its admin and token), the service stopped again. */
async function servedDataFolder(): Promise<string> {
  const data = join(work, 'served');
  const served = await startServe(['--data', data]);
  served.child.kill('SIGINT');
  await served.exited;
  return data;
}

/** Cases of each row: the arguments, the folder to run in, and what the message must say. */
function casesOf(code: number): Promise<Array<{ args: string[]; cwd: string; said: RegExp }>> | Array<{ args: string[]; cwd: string; said: RegExp }> {
  switch (code) {
    case 0:
      return [{ args: ['convert', 'clean', join(work, 'clean.json')], cwd: work, said: /1 pages/ }];
    case 1:
      return servedDataFolder().then((served) => [
        { args: ['convert', 'broken', join(work, 'broken.json')], cwd: work, said: /error FORMAT_INVALID_YAML/ },
        { args: ['build', 'broken', '--out', join(work, 'broken-site')], cwd: work, said: /error FORMAT_INVALID_YAML/ },
        { args: ['token', 'revoke', 'no-such-token', '--data', served], cwd: work, said: /NOT_FOUND: API token no-such-token does not exist/ },
      ]);
    case 2:
      return [
        { args: ['sync', '--api', 'http://127.0.0.1:9'], cwd: repo.dir, said: /--space is required with --api/ },
        { args: ['sync', '--api', 'ftp://example.com', '--space', 's1'], cwd: repo.dir, said: /--api must use http or https/ },
        { args: ['sync'], cwd: work, said: /GIT_REPOSITORY_NOT_FOUND: .* is not inside a Git repository/ },
        { args: ['sync', '--dir', 'no-such-folder'], cwd: repo.dir, said: /NOT_FOUND: no-such-folder does not exist/ },
        { args: ['convert', 'no-such-folder', join(work, 'out.json')], cwd: work, said: /NOT_FOUND: no-such-folder does not exist/ },
        { args: ['export', '--site', 's1', '--out', 'site', '--api', 'http://127.0.0.1:9'], cwd: work, said: /--token \(or QUIRE_TOKEN\) is required with --api/ },
        { args: ['export', '--out', 'site'], cwd: work, said: /give --site <id> \(a published site\) or --space <id>/ },
        { args: ['export', '--site', 's1', '--out', 'site', '--data', join(work, 'no-service')], cwd: work, said: /no embedded service/ },
        { args: ['sites', 'list', '--data', join(work, 'no-service')], cwd: work, said: /no embedded service/ },
        { args: ['build', 'a-file', '--out', 'site'], cwd: work, said: /a-file is not a directory/ },
        { args: ['build', 'no-such-folder', '--out', 'site'], cwd: work, said: /no-such-folder does not exist/ },
        { args: ['serve', '--port', 'eighty'], cwd: work, said: /a port is a number/ },
        { args: ['token', 'create', '--data', join(work, 'no-service'), '--expires-in', '30days'], cwd: work, said: /--expires-in must be a whole number/ },
        { args: ['token', 'list', '--data', join(work, 'no-service')], cwd: work, said: /there is no service in/ },
      ];
    case 3:
      return [{ args: ['convert', 'clean', join(work, 'a-file', 'out.json')], cwd: work, said: /quire: unexpected error: Error: E/ }];
    case 4:
      return refusedPort().then((port) => [
        { args: ['sync', '--api', `http://127.0.0.1:${port}`, '--space', 's1'], cwd: repo.dir, said: /cannot reach the API at .* \(--api\): the connection was refused/ },
        { args: ['export', '--site', 's1', '--out', 'site', '--api', `http://127.0.0.1:${port}`, '--token', 'qt_test'], cwd: work, said: /cannot reach the API/ },
        { args: ['sites', 'list', '--api', `http://127.0.0.1:${port}`, '--token', 'qt_test'], cwd: work, said: /cannot reach the API at .* \(--api\)/ },
        { args: ['token', 'revoke', 't1', '--api', `http://127.0.0.1:${port}`, '--token', 'qt_test'], cwd: work, said: /cannot reach the API at .* \(--api\)/ },
      ]);
    default:
      throw new Error(`docs/exit-codes.md has a row ${code} this test has no case for`);
  }
}

describe('docs/exit-codes.md', () => {
  it('has one row for each code, 0 to 4, and names only real commands', () => {
    expect(rows.map((row) => row.code)).toEqual([0, 1, 2, 3, 4]);
    for (const row of rows) for (const command of row.commands) expect(commands).toContain(command);
  });

  it('is what the commands exit with, row by row', async () => {
    for (const row of rows) {
      for (const { args, cwd, said } of await casesOf(row.code)) {
        const run = await runQuire(args, { cwd, env });
        expect(run.code, `quire ${args.join(' ')}: ${run.stdout}${run.stderr}`).toBe(row.code);
        expect(`${run.stdout}${run.stderr}`, `quire ${args.join(' ')}`).toMatch(said);
      }
    }
  }, 300_000);

  it("agrees with each command's --help: the codes it lists are the ones the table gives it", async () => {
    for (const command of commands) {
      const help = await runQuire([...command.split(' '), '--help'], { cwd: work, env });
      expect(help.code).toBe(0);
      const paragraph = /^Exit codes: (.*)$/m.exec(help.stdout)?.[1];
      expect(paragraph, `quire ${command} --help`).toBeDefined();
      const listed = [...paragraph!.matchAll(/(?:^|; )(\d) /g)].map(([, code]) => Number(code));
      expect(listed, `quire ${command} --help`).toEqual(rows.filter((row) => row.commands.includes(command)).map((row) => row.code));
    }
  }, 120_000);
});
