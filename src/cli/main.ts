// The `quire` executable: the only place that exits the process.
import { lowerOtherThreadsPriority } from '../disk/thread-priority.ts';
import { deferHttpParserTierUp } from '../import/http-parser-tier-up.ts';
import { helperThreadNiceness, yieldsHelperThreads } from './helper-threads.ts';
import { runCli } from './program.ts';
import { exitPromptly, mayExitPromptly } from './prompt-exit.ts';
import { processTerminal } from './terminal.ts';

// A reader that stops early (`quire --help | head -1`) closes the pipe: what is left to print has no one to
// read it, so stop quietly, as Unix tools do, instead of failing with an unhandled EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

deferHttpParserTierUp();
// No top-level await: the bundle of this file is CommonJS (scripts/build-cli.ts). A failure still ends the process
// with its stack, as an unhandled rejection.
const argv = process.argv.slice(2);
// Before the command starts any thread of its own: those take this thread's priority.
if (yieldsHelperThreads(argv)) lowerOtherThreadsPriority(helperThreadNiceness);
void runCli(argv, processTerminal).then((code) => {
  process.exitCode = code;
  if (mayExitPromptly(argv)) exitPromptly(code);
});
