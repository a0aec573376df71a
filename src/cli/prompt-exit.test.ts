import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mayExitPromptly } from './prompt-exit.ts';

describe('mayExitPromptly', () => {
  it('is true for the commands that end their own work', () => {
    expect(mayExitPromptly(['export', '--site', 'abc', '--out', 'site', '--api', 'http://127.0.0.1:1'])).toBe(true);
    expect(mayExitPromptly(['export', '--space', 'abc', '--out', 'site'])).toBe(true);
    expect(mayExitPromptly(['build', 'docs', '--out', 'site'])).toBe(true);
  });

  it('is false for a command that may leave work behind, and for no command', () => {
    for (const argv of [['serve'], ['sync', '--dir', 'docs'], ['demo'], ['--version'], []]) expect(mayExitPromptly(argv)).toBe(false);
  });
});

describe('exitPromptly', () => {
  // The child's pending timer (a minute) outlasts the test's timeout (30 s): waiting for the event loop would fail it.
  it('exits with its code at once, a timer still pending, once stdout has all of its bytes', async () => {
    const bytes = 4 * 1024 * 1024; // far more than a pipe holds
    const fixture = fileURLToPath(new URL('./prompt-exit.fixture.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, String(bytes)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let received = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (received += chunk.length));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(3);
    expect(received).toBe(bytes);
    expect(stderr).toContain('exit listener ran with 3');
  });
});
