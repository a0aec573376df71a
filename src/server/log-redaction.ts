/**
 * Keeps credentials out of the request log (`quire serve --log`). A log line names the route, never a secret: the
 * Authorization header and cookies are not logged at all, the values of credential-like query parameters (the
 * `shareKey` of a share-link site, and any `token`, `key`, `secret`... a client may add) are replaced by
 * `[redacted]`, and a logged error has the same done to its message and stack.
 */
import type { FastifyError, FastifyRequest, FastifyServerOptions } from 'fastify';

/** What stands in for a secret in the log. */
export const redacted = '[redacted]';

/** Query parameters whose values are credentials: share keys, tokens, signatures, passwords. */
const secretParameter = /token|key|secret|signature|sig$|credential|auth|password|cookie/i;

/** A credential-like parameter and its value inside free text (an error message that quotes a URL). */
const secretParameterInText = /([?&;]|\b)([\w.-]*(?:token|key|secret|signature|sig|credential|auth|password)[\w.-]*)=([^&#\s"'()<>]*)/gi;

/** A bearer credential inside free text (`Authorization: Bearer abc`, `Bearer abc`). */
const bearerInText = /\b(Bearer|Basic)\s+[^\s"',;()<>]+/gi;

/**
 * The request target (`/v1/...?a=1`) with the value of every credential-like query parameter replaced. The path
 * and the other parameters are kept as sent.
 *
 * @example
 * redactRequestTarget('/v1/orgs/o/sites/s/published?shareKey=abc&limit=5'); // '/v1/orgs/o/sites/s/published?shareKey=[redacted]&limit=5'
 */
export function redactRequestTarget(target: string): string {
  const queryStart = target.indexOf('?');
  if (queryStart < 0) return target;
  const query = target.slice(queryStart + 1).split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    return equals >= 0 && secretParameter.test(decodeName(name)) ? `${name}=${redacted}` : pair;
  });
  return `${target.slice(0, queryStart)}?${query.join('&')}`;
}

/**
 * `text` with bearer credentials and the values of credential-like `name=value` pairs replaced: for error
 * messages and stacks, which may quote a header or a URL.
 *
 * @example
 * redactSecretsInText('GET /x?shareKey=abc failed (Bearer qt_1)'); // 'GET /x?shareKey=[redacted] failed (Bearer [redacted])'
 */
export function redactSecretsInText(text: string): string {
  return text.replace(bearerInText, (_match, scheme: string) => `${scheme} ${redacted}`).replace(secretParameterInText, (_match, before: string, name: string) => `${before}${name}=${redacted}`);
}

/**
 * What a log line says of a request: no headers, so neither the Authorization header nor cookies. (A type, not an
 * interface: Fastify's serializer types want an index signature, which only type literals have implicitly.)
 */
export type LoggedRequest = {
  method: string;
  url: string;
  host: string;
  remoteAddress: string;
  remotePort: number | undefined;
};

/** What a log line says of an error. */
export type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code: string | undefined;
  statusCode: number | undefined;
};

/**
 * The log serializers of the app: Fastify's `req` and `err` with the secrets taken out (its `res` logs only the
 * status code and is kept).
 */
export const logSerializers = {
  req(request: FastifyRequest): LoggedRequest {
    return { method: request.method, url: redactRequestTarget(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
  },
  err(error: FastifyError): LoggedError {
    return {
      type: error.name,
      message: redactSecretsInText(String(error.message)),
      stack: redactSecretsInText(error.stack ?? ''),
      code: typeof error.code === 'string' ? error.code : undefined,
      statusCode: typeof error.statusCode === 'number' ? error.statusCode : undefined,
    };
  },
};

/**
 * Fastify's `logger` option with the redacting serializers added: `true` becomes the default options with them,
 * an options object keeps its own settings and serializers except `req` and `err`, which are always these, `false`/undefined stays off.
 *
 * @example
 * Fastify({ logger: withRedaction({ level: 'info', stream: process.stderr }) });
 */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, ...logSerializers } };
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}
