import { parseDocument } from 'yaml';
import { OpenApiProcessingError } from './processing-error.ts';

/**
 * The document a spec file's text holds: YAML or JSON (JSON is YAML), which must be an object. Anything else is
 * `PARSE_ERROR`, with the parser's message, line and column.
 *
 * @example
 * parseSpecText('openapi: 3.1.0\ninfo: {title: T, version: "1"}', 'openapi.yaml') // → { openapi: '3.1.0', info: {...} }
 */
export function parseSpecText(text: string, filename: string): Record<string, unknown> {
  const document = parseDocument(text, { uniqueKeys: false });
  if (document.errors.length > 0) {
    throw new OpenApiProcessingError(
      'PARSE_ERROR',
      document.errors.slice(0, 20).map((error) => ({ message: `${filename}: ${error.message.split('\n')[0]}`, code: 'SYNTAX' })),
    );
  }
  const value: unknown = document.toJS({ maxAliasCount: 1000 });
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new OpenApiProcessingError('PARSE_ERROR', [{ message: `${filename}: is not a YAML or JSON object`, code: 'NOT_AN_OBJECT' }]);
  }
  return value as Record<string, unknown>;
}
