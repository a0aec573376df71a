import { commandName } from './command-name.ts';

/**
 * Commands that end their own work before they return: every file written, every worker thread stopped, every
 * connection and store closed. Once such a command has returned, nothing is left for the event loop but Node's own
 * teardown, which disposes of V8's heaps: 35 to 60 ms after exporting 1,000 pages on issue 17's machine.
 */
const commandsThatFinishTheirWork = new Set(['build', 'export']);

/**
 * Whether the run of `argv` (the command line's arguments) may end with `exitPromptly` rather than wait for the
 * event loop to empty. A command that may leave work behind (a service's background jobs, `quire serve`) is not
 * one of them.
 *
 * @example
 * mayExitPromptly(['export', '--site', 'abc', '--out', 'site']) // → true
 */
export function mayExitPromptly(argv: readonly string[]): boolean {
  const command = commandName(argv);
  return command !== undefined && commandsThatFinishTheirWork.has(command);
}

/**
 * Ends the process with `code` once what was written to stdout and stderr has been handed to the system (they are
 * asynchronous on some platforms' pipes), without Node's teardown. `exit` listeners run, as with any exit.
 *
 * @example
 * exitPromptly(0);
 */
export function exitPromptly(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
