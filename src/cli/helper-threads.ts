import { commandName } from './command-name.ts';

/**
 * Commands whose main thread does the work they wait for, rendering a site page after page, while V8's helper threads
 * (its compiler and its collector's concurrent parts, started with the process) work beside it. On a 2-core machine
 * the main thread of a 1,000-page export waited 107 to 154 ms for a core, mostly behind V8's compiler; with the
 * helpers one step behind it, they run on the core it leaves free, and the export took 28 ms less (median of 24
 * alternating runs, faster in 19; bench/export, issue 17, BENCHMARKS.md). A long-running command (`quire serve`)
 * keeps V8's default.
 */
const commandsThatRenderOnThisThread = new Set(['build', 'export']);

/** The nice value of the helper threads during those commands, as the write thread's (src/export/write-thread.ts). */
export const helperThreadNiceness = 10;

/**
 * Whether the run of `argv` (the command line's arguments) lowers its helper threads' priority: the whole process is
 * that one command (src/cli/main.ts), and its main thread is the one to wait for.
 *
 * @example
 * yieldsHelperThreads(['export', '--site', 'abc', '--out', 'site']) // → true
 */
export function yieldsHelperThreads(argv: readonly string[]): boolean {
  const command = commandName(argv);
  return command !== undefined && commandsThatRenderOnThisThread.has(command);
}
