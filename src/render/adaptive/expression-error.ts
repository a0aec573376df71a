/**
 * Why an adaptive-content expression could not be used. `EXPRESSION_SYNTAX`: not in the supported grammar;
 * `EXPRESSION_TOO_COMPLEX`: longer or deeper than the limits; `EXPRESSION_EVALUATION`: well formed, but it names
 * something that does not exist (an unknown root name) or calls a method on a value that has no such method.
 * The export hides the block and reports the message as a warning; it never stops on one.
 */
export type ExpressionErrorCode = 'EXPRESSION_SYNTAX' | 'EXPRESSION_TOO_COMPLEX' | 'EXPRESSION_EVALUATION';

export class ExpressionError extends Error {
  override readonly name = 'ExpressionError';
  readonly code: ExpressionErrorCode;
  /** 1-based column in the expression the problem is at. */
  readonly column: number;

  constructor(code: ExpressionErrorCode, message: string, column: number) {
    super(`${message} at column ${column}`);
    this.code = code;
    this.column = column;
  }
}

/** True when `error` is an ExpressionError. */
export function isExpressionError(error: unknown): error is ExpressionError {
  return error instanceof ExpressionError;
}
