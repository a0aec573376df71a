import type { FastifyInstance } from 'fastify';
import { QuireError } from '../errors/index.ts';

/**
 * JSON bodies: Fastify's hardened parser (prototype poisoning refused), except that an empty body is no body
 * (the official client sends `Content-Type: application/json` with no body on some POSTs), and a body that does
 * not parse is a 400 naming the problem. Routes with a body schema get `{}` for no body, so "all fields
 * optional" bodies may be left out, and required fields are reported by name.
 *
 * @example
 * installJsonBodies(app);
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(request, text, (error: Error | null, value: unknown) => {
      if (error) done(new QuireError('INVALID_ARGUMENT', `body is not valid JSON: ${syntaxProblem(text)}`, { field: 'body' }), undefined);
      else done(null, value);
    });
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body !== undefined) request.body = {};
  });
}

/** What JSON.parse says is wrong with `text` (position included); when it parses, the key that was refused. */
function syntaxProblem(text: string): string {
  try {
    JSON.parse(text);
    return 'a "__proto__" key, or "constructor" with "prototype", is not allowed';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
