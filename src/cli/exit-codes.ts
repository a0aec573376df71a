import { explainApiFailure, type ApiNaming } from '../client/api-failure-message.ts';
import { isQuireError } from '../errors/quire-error.ts';

/** What `quire` exits with. Scripts and the GitHub Action branch on these; docs/exit-codes.md is their table. */
export const exitCodes = {
  ok: 0,
  /** Stopped on what it was given: input with errors (printed), a sync conflict, a request the API refused (4xx). */
  inputErrors: 1,
  /** Wrong usage: unknown command, bad or missing option, an input that does not exist, not a Git repository. */
  usage: 2,
  /** A bug or an unexpected failure of the system (a file that cannot be written). */
  unexpected: 3,
  /** The API could not be used: no answer, https to a plain http server, 5xx or 429 after every retry, not a Quire API. */
  unreachable: 4,
} as const;

export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

/** Codes of errors that mean the command was asked for something that cannot be: the user's to fix. */
const usageErrors = new Set(['INVALID_ARGUMENT', 'NOT_FOUND', 'GIT_REPOSITORY_NOT_FOUND']);

/** Codes of errors that mean the API at the URL could not be used, whatever was asked of it. */
const unusableApiErrors = new Set(['API_UNREACHABLE', 'API_INVALID_RESPONSE', 'SYNC_SERVER_UNSUPPORTED', 'EXPORT_SERVER_UNSUPPORTED']);

/**
 * The exit code and one-line message for an error that reached the top of a command. With `naming`, failures
 * to talk to the API name what the user typed (`--api`, `QUIRE_TOKEN`, the embedded service) and what to check.
 *
 * @example
 * describeFailure(new QuireError('INVALID_ARGUMENT', '--space is required with --api')) // → { code: 2, message: 'INVALID_ARGUMENT: --space is required with --api' }
 */
export function describeFailure(error: unknown, naming?: ApiNaming): { code: ExitCode; message: string } {
  if (isQuireError(error)) {
    const explained = naming === undefined ? undefined : explainApiFailure(error, naming);
    return { code: exitCodeOf(error), message: `${error.code}: ${explained ?? error.message}` };
  }
  return { code: exitCodes.unexpected, message: `unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` };
}

function exitCodeOf(error: { code: string; status: number }): ExitCode {
  if (usageErrors.has(error.code)) return exitCodes.usage;
  if (unusableApiErrors.has(error.code)) return exitCodes.unreachable;
  if (error.code === 'API_REQUEST_FAILED') return error.status === 429 || error.status >= 500 ? exitCodes.unreachable : exitCodes.inputErrors;
  return error.code === 'INTERNAL' || error.status >= 500 ? exitCodes.unexpected : exitCodes.inputErrors;
}

/**
 * The "Exit codes:" paragraph of a command's help, from what each code means for that command. The codes a
 * command lists are those docs/exit-codes.md gives it (test/cli-exit-codes.test.ts checks both).
 *
 * @example
 * exitCodeHelp({ 0: 'done', 2: 'wrong usage', 3: 'unexpected failure' }) // → 'Exit codes: 0 done; 2 wrong usage; 3 unexpected failure.'
 */
export function exitCodeHelp(meanings: Partial<Record<ExitCode, string>>): string {
  const items = Object.entries(meanings).map(([code, meaning]) => `${code} ${meaning}`);
  return `Exit codes: ${items.join('; ')}.`;
}
