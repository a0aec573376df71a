/**
 * The command a command line names: its first argument that is not an option (`export` of `export --site abc`), if
 * any. Good enough for the process-level choices of src/cli/main.ts, made before the program parses the line.
 *
 * @example
 * commandName(['--json', 'export', '--site', 'abc']) // → 'export'
 */
export function commandName(argv: readonly string[]): string | undefined {
  return argv.find((argument) => !argument.startsWith('-'));
}
