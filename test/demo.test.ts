// `quire demo` (npm run demo), the README's first command: the main job end to end on the embedded default. Every
// command it prints under "Where to look" is then run as pasted in a shell in the clone (child processes).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../src/cli/program.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'quire-demo-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

let printed = '';

/** Runs `command` with sh in the clone, as a person pastes it; resolves with its exit code and output. */
function inShell(command: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', command], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, output: `${stdout}${stderr}` });
    });
  });
}

it('round-trips, syncs both ways, publishes and exports, and says where to look', async () => {
  const code = await runCli(['demo', '--out', out], { out: (text) => (printed += text), err: (text) => (printed += text), interactive: false });
  expect(code, printed).toBe(0);
  expect(printed).toContain('byte for byte the same');
  expect(printed).toMatch(/quire sync, Git → space/);
  expect(printed).toMatch(/commit [0-9a-f]{7} "QUIRE-2: Welcome readers from the service"/);
  expect(printed).toContain('No broken links.');
  expect(printed).toContain('Where to look:');
  expect(readFileSync(join(out, 'repository', 'README.md'), 'utf8')).toContain('This line was written in the service, through the API.');
  expect(existsSync(join(out, 'site', 'index.html'))).toBe(true);
  expect(readFileSync(join(out, 'site', 'index.html'), 'utf8')).toContain('This line was written in the service');
}, 120_000);

it('prints only commands that work when pasted in the clone, and the site as a file URL', async () => {
  const where = printed.slice(printed.indexOf('Where to look:'));
  const url = /^ {2}(file:\/\/\S+)$/m.exec(where)?.[1];
  expect(url).toBeDefined();
  expect(existsSync(fileURLToPath(url!))).toBe(true);
  expect(where).not.toMatch(/^\s+(open|xdg-open|start) /m);

  // A command line is "  <command>   <what it shows>": two spaces in, three or more before the description.
  const commands = [...where.matchAll(/^ {2}(\S.*?) {3,}\S.*$/gm)].map((match) => match[1]!);
  expect(commands.map((command) => command.split(' ').slice(0, 3).join(' '))).toEqual([
    'npx quire spaces',
    'npx quire sites',
    'npx quire export',
    'npx quire sync',
    'git -C ' + commands[4]!.split(' ')[2],
    'cat ' + commands[5]!.split(' ')[1],
  ]);
  const outputs: string[] = [];
  for (const command of commands) {
    const run = await inShell(command);
    expect(run.code, `${command}\n${run.output}`).toBe(0);
    outputs.push(run.output);
  }
  const spaceId = /spaces list .*\(([A-Za-z0-9]+)\)$/m.exec(where)?.[1];
  expect(outputs[0]).toContain(`${spaceId}  Quire demo`);
  expect(outputs[1]).toMatch(/ published +Quire demo$/m);
  expect(outputs[2]).toContain('No broken links.');
  expect(existsSync(join(out, 'site-again', 'index.html'))).toBe(true);
  expect(outputs[3]).toContain('Sync done: in-sync');
  expect(outputs[4]).toContain('QUIRE-2: Welcome readers from the service');
  expect(outputs[5]).toContain('This line was written in the service, through the API.');
}, 180_000);
