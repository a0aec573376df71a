import { isQuireError } from '../errors/quire-error.ts';

/** What `quire` exits with. Scripts and the GitHub Action branch on these. */
export const exitCodes = {
  ok: 0,
  /** The input has errors (they were printed); whatever could be written was written. */
  inputErrors: 1,
  /** Wrong usage: unknown command, bad option, missing argument. */
  usage: 2,
  /** A bug or an unexpected failure. */
  unexpected: 3,
} as const;

/** The exit code and one-line message for an error that reached the top of a command. */
export function describeFailure(error: unknown): { code: number; message: string } {
  if (isQuireError(error)) {
    const code = error.code === 'INTERNAL' ? exitCodes.unexpected : error.status >= 500 ? exitCodes.unexpected : exitCodes.inputErrors;
    return { code, message: `${error.code}: ${error.message}` };
  }
  return { code: exitCodes.unexpected, message: `unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` };
}
