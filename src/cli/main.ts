// The `quire` executable: the only place that exits the process.
import { runCli } from './program.ts';
import { processTerminal } from './terminal.ts';

process.exitCode = await runCli(process.argv.slice(2), processTerminal);
