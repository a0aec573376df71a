import { Command, CommanderError } from 'commander';
import { convert } from './commands/convert.ts';
import { demo } from './commands/demo.ts';
import { describeFailure, exitCodes } from './exit-codes.ts';
import type { Terminal } from './terminal.ts';

/**
 * Runs the `quire` command line with `argv` (without `node` and the script) and returns the exit code.
 * Never exits the process itself: src/cli/main.ts does, so tests can run commands in-process.
 *
 * @example
 * const code = await runCli(['convert', 'docs', 'docs.json'], processTerminal);
 */
export async function runCli(argv: readonly string[], terminal: Terminal): Promise<number> {
  let exitCode: number = exitCodes.ok;
  const program = new Command()
    .name('quire')
    .description('Keep documentation in Git and publish it: a Git Sync compatible Markdown format, and (soon) a docs service, sync and static export.')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({ writeOut: terminal.out, writeErr: terminal.err })
    .showHelpAfterError('(run quire --help for usage)');

  program
    .command('convert')
    .description(
      'Convert a directory in the Git Sync layout (README.md, SUMMARY.md, .gitbook/...) to a revision bundle file (.json), or a bundle back to a directory.\n' +
        'Reading reports every problem with its file and line; nothing is dropped, and a directory converted to a bundle and back is the same, byte for byte.',
    )
    .argument('<from>', 'a directory, or a bundle file ending in .json')
    .argument('<to>', 'a bundle file ending in .json, or a directory')
    .option('--previous <bundle>', 'a bundle of the previous version: pages keep their ids across renames and moves')
    .option('--force', 'write into a non-empty directory, replacing its content (a .git folder is kept)')
    .option('--json', 'print the summary and the diagnostics as JSON')
    .addHelpText('after', '\nExit codes: 0 done, 1 the input has errors (printed; the output is still written), 2 wrong usage, 3 unexpected failure.\n\nExamples:\n  quire convert docs/ docs.json\n  quire convert docs.json out/ --force\n')
    .action(async (from: string, to: string, options: { previous?: string; force?: boolean; json?: boolean }) => {
      exitCode = await convert(from, to, options, terminal);
    });

  program
    .command('demo')
    .description('Run the main job end to end on the embedded default, on a sample repository, and say where to look.')
    .option('--out <dir>', 'where the demo writes', '.quire/demo')
    .action(async (options: { out: string }) => {
      exitCode = await demo(options, terminal);
    });

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? exitCodes.ok : exitCodes.usage;
    }
    const failure = describeFailure(error);
    terminal.err(`quire: ${failure.message}\n`);
    return failure.code;
  }
}
