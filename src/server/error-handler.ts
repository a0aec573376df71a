import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isQuireError, messageShownToClients } from '../errors/index.ts';
import type { ErrorBody } from './schemas/error-body.ts';

/**
 * One error handler for the whole app: every failure answers `{ error: { code: <status>, message } }`.
 * QuireErrors carry their status; validation errors are 400 with a message naming the field; Fastify's own
 * client errors (unsupported media type, body too large) keep their 4xx. Anything else, and every 5xx, is
 * logged with its details and answered with a message that reveals none. Unknown routes answer 404 the same
 * way.
 *
 * @example
 * installErrorHandling(app);
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, message } = describe(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (status === 401) reply.header('WWW-Authenticate', 'Bearer realm="quire"');
    const body: ErrorBody = { error: { code: status, message } };
    return reply.code(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const body: ErrorBody = { error: { code: 404, message: `there is no route ${request.method} ${path}` } };
    return reply.code(404).send(body);
  });
}

/**
 * For Fastify's `frameworkErrors` option: errors the router raises before any route (a malformed URL, a path
 * segment past `maxParamLength`) get the same error body as the rest.
 *
 * @example
 * Fastify({ frameworkErrors: answerFrameworkError });
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'a path parameter is too long (ids have at most 128 characters)'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'the path is not a valid URL (check its percent-encoding)'
        : error.message;
  const body: ErrorBody = { error: { code: status, message } };
  void reply.code(status).send(body);
}

function describe(error: FastifyError): { status: number; message: string } {
  if (error.validation !== undefined) return { status: 400, message: error.message };
  if (isQuireError(error)) {
    return error.status >= 500 && !messageShownToClients(error.code) ? { status: error.status, message: hiddenMessage(error.status) } : { status: error.status, message: error.message };
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return { status, message: error.message };
  return { status: 500, message: hiddenMessage(500) };
}

function hiddenMessage(status: number): string {
  return status === 503 ? 'the service is unavailable for a moment; retry later' : 'internal error; the details are in the server log';
}
