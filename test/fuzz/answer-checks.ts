// The properties every answer must have, whatever was asked: no 5xx; every 4xx a JSON error body of the
// published shape, its code the status, no stack trace in it; and, where the published spec has the operation,
// a 2xx body that validates against the published response schema.
import Ajv from 'ajv';
import { ErrorBody } from '../../src/server/schemas/error-body.ts';
import { ResponseMismatch, type ResponseValidator } from '../conformance/response-validator.ts';
import type { FuzzRequest } from './request-arbitrary.ts';

/** An answer as `app.inject` gives it. */
export interface FuzzAnswer {
  status: number;
  contentType: string | undefined;
  body: string;
}

const validateErrorBody = new Ajv({ strict: false }).compile(JSON.parse(JSON.stringify(ErrorBody)) as object);

/**
 * What is wrong with `answer` to `request` (an empty list when nothing is). `validator` checks 2xx bodies of
 * published operations; leave it out to skip that check.
 *
 * @example
 * answerProblems(request, { status: 500, contentType: 'application/json', body: '...' }) // → ['answered 500: ...']
 */
export function answerProblems(request: FuzzRequest, answer: FuzzAnswer, validator?: ResponseValidator): string[] {
  const problems: string[] = [];
  if (answer.status >= 500 && !integrationFailure(request, answer)) problems.push(`answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  if (request.method === 'HEAD') return problems;
  if (answer.status >= 400) problems.push(...errorBodyProblems(answer));
  else if (answer.status >= 200 && answer.status < 300 && validator !== undefined && (answer.contentType ?? '').includes('application/json')) {
    try {
      validator.check({ method: request.method, url: request.url, status: answer.status, contentType: answer.contentType ?? null, body: answer.body });
    } catch (error) {
      if (!(error instanceof ResponseMismatch)) throw error;
      problems.push(`the ${answer.status} body does not match the published schema: ${error.message.slice(0, 1500)}`);
    }
  }
  return problems;
}

/**
 * A 502 `INTEGRATION_FAILED` from a route that runs an integration's script (render, public endpoints): the script's failure, not
 * the server's. The fuzzer publishes integrations with scripts of its own making, which often do not run.
 */
function integrationFailure(request: FuzzRequest, answer: FuzzAnswer): boolean {
  if (answer.status !== 502 || !/^\/v1\/integrations\/[^/]+\/(render(\?|$)|installations\/[^/]+\/(?:(?:spaces|sites)\/[^/]+\/)?public)/.test(request.url)) return false;
  // A HEAD answer has no body to read the message from: the GET beside it is checked.
  if (request.method === 'HEAD') return true;
  try {
    const message = (JSON.parse(answer.body) as { error?: { message?: unknown } }).error?.message;
    return typeof message === 'string' && /^integration \S+ \(version \d+\) /.test(message);
  } catch {
    return false;
  }
}

function errorBodyProblems(answer: FuzzAnswer): string[] {
  if (!(answer.contentType ?? '').includes('application/json')) return [`a ${answer.status} answer with content-type ${String(answer.contentType)}, not JSON: ${answer.body.slice(0, 200)}`];
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return [`a ${answer.status} answer whose body is not JSON: ${answer.body.slice(0, 200)}`];
  }
  if (!validateErrorBody(body)) return [`a ${answer.status} answer whose body is not { error: { code, message } }: ${answer.body.slice(0, 300)}`];
  const { code, message } = (body as ErrorBody).error;
  const problems: string[] = [];
  if (code !== answer.status) problems.push(`a ${answer.status} answer whose error.code is ${code}`);
  if (message.trim() === '') problems.push(`a ${answer.status} answer with an empty message`);
  if (/\n\s+at .+:\d+:\d+/.test(message)) problems.push(`a ${answer.status} answer with a stack trace: ${message.slice(0, 300)}`);
  return problems;
}
