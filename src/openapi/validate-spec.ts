import { validate } from '@scalar/openapi-parser';
import { bundledDocument, type BundledDocument } from './bundled-document.ts';
import { OpenApiProcessingError } from './processing-error.ts';
import { entrypointOf, type SpecFilesystem } from './spec-filesystem.ts';

/** The most problems kept on a spec (the published `lastProcessedErrors`; `lastProcessedErrorCount` has them all). */
export const maxKeptProblems = 20;

/**
 * Checks a spec's filesystem with `@scalar/openapi-parser`'s validator (OpenAPI 3.0, 3.1 and Swagger 2.0 against
 * their JSON Schemas), on the entry point with the other files brought in (`bundledDocument`), and answers that
 * document. An invalid spec is `PARSE_ERROR` with the validator's messages, each with the JSON pointer it is at.
 *
 * @example
 * const document = await validatedDocument(filesystem);
 */
export async function validatedDocument(filesystem: SpecFilesystem): Promise<BundledDocument> {
  const entry = entrypointOf(filesystem);
  if (typeof entry.specification.openapi !== 'string' && typeof entry.specification.swagger !== 'string') {
    throw new OpenApiProcessingError('PARSE_ERROR', [{ message: `${entry.filename}: has no "openapi" or "swagger" version field; it is not an OpenAPI document`, code: 'NOT_OPENAPI' }]);
  }
  const document = bundledDocument(filesystem);
  // A one-file Swagger 2.0 spec is checked as written (messages point into it); otherwise the bundled document.
  const checked = typeof entry.specification.swagger === 'string' && filesystem.length === 1 ? entry.specification : document;
  const result = await validate(structuredClone(checked));
  if (!result.valid) {
    const problems = (result.errors ?? []).map((error) => ({ message: `${error.path === undefined || error.path.length === 0 ? '' : `${pathText(error.path)}: `}${error.message}`, code: 'INVALID' }));
    throw new OpenApiProcessingError('PARSE_ERROR', problems.length > 0 ? problems : [{ message: 'the document is not a valid OpenAPI document', code: 'INVALID' }]);
  }
  return document;
}

function pathText(path: string[] | string): string {
  return Array.isArray(path) ? `/${path.join('/')}` : path;
}
