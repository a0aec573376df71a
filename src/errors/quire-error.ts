import { errorCatalogue, type ErrorCode } from './catalogue.ts';

/** Structured facts about an error: the field, file, line or id it concerns. */
export type ErrorData = Readonly<Record<string, unknown>>;

/**
 * The one error type Quire throws on purpose. It carries a stable `code` from the catalogue,
 * the HTTP `status` that code maps to, structured `data`, and the `cause` when it wraps another error.
 *
 * @example
 * throw new QuireError('FORMAT_MISSING_FILE', 'SUMMARY.md:4 links to guide.md, which does not exist', {
 *   path: 'SUMMARY.md', line: 4, target: 'guide.md',
 * });
 */
export class QuireError<C extends ErrorCode = ErrorCode> extends Error {
  override readonly name = 'QuireError';
  readonly code: C;
  readonly status: number;
  readonly data: ErrorData;

  constructor(code: C, message: string, data: ErrorData = {}, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.data = data;
  }
}

/** True when `error` is a QuireError, optionally of the given code. */
export function isQuireError<C extends ErrorCode>(error: unknown, code?: C): error is QuireError<C> {
  return error instanceof QuireError && (code === undefined || error.code === code);
}
