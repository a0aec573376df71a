/**
 * The published `OpenAPISpecProcessingErrorCode`s: why the last processing of a spec failed. The published enum
 * has three values, so each failure maps onto one: a fetch that ran out of time (`FETCH_TIMEOUT`); a fetch that
 * failed otherwise, including an HTTP error status, a refused address (SSRF rule), too many redirects and a file
 * over the size limit (`FETCH_ERROR`); text that is not YAML or JSON, or a document the parser finds invalid
 * (`PARSE_ERROR`). `errors` (the published `lastProcessedErrors`) tells them apart.
 */
export type OpenApiProcessingErrorCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';

/** One problem found while processing (the published `OpenAPIErrorObject`). */
export interface OpenApiProblem {
  message: string;
  code?: string;
}

/**
 * A processing failure with its published code and the problems behind it.
 *
 * @example
 * throw new OpenApiProcessingError('FETCH_ERROR', [{ message: 'https://a.test/api.yaml answered HTTP 404', code: 'HTTP_STATUS' }]);
 */
export class OpenApiProcessingError extends Error {
  constructor(
    readonly code: OpenApiProcessingErrorCode,
    readonly problems: OpenApiProblem[],
  ) {
    super(problems[0]?.message ?? code);
    this.name = 'OpenApiProcessingError';
  }
}

/** True when `error` is an `OpenApiProcessingError`. */
export function isOpenApiProcessingError(error: unknown): error is OpenApiProcessingError {
  return error instanceof OpenApiProcessingError;
}
