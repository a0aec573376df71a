// Runs the properties over one route: `runs` requests drawn by fast-check from the route's schemas, each sent
// with `app.inject`, each answer checked. A failure is shrunk by fast-check to a smallest request that still
// fails, and reported with that request written out.
import fc from 'fast-check';
import type { ResponseValidator } from '../conformance/response-validator.ts';
import { answerProblems } from './answer-checks.ts';
import type { FuzzWorld } from './fuzz-world.ts';
import { describeRequest, requestArbitrary, type FuzzRequest } from './request-arbitrary.ts';
import { routeName, type FuzzRoute } from './route-catalogue.ts';

export interface RouteFuzzOptions {
  runs: number;
  /** The run's seed; each route draws from `routeSeed(seed, route)`. */
  seed: number;
  /** Checks 2xx bodies of published operations against the published schemas. */
  validator?: ResponseValidator;
}

/** What one route's run saw. */
export interface RouteFuzzResult {
  route: string;
  requests: number;
  /** Answers by status. */
  statuses: Record<number, number>;
  /** Requests by how their parts were made (`body: invalid`, `params: real`, ...). */
  shapes: Record<string, number>;
  /** fast-check's report of the shrunk failing request, or undefined when every request passed. */
  failure?: string;
}

/**
 * Fuzzes `route` of `world`.
 *
 * @example
 * const result = await fuzzRoute(world, world.routes[0]!, { runs: 20, seed: 42 });
 * result.failure // → undefined
 */
export async function fuzzRoute(world: FuzzWorld, route: FuzzRoute, options: RouteFuzzOptions): Promise<RouteFuzzResult> {
  const result: RouteFuzzResult = { route: routeName(route), requests: 0, statuses: {}, shapes: {} };
  const property = fc.asyncProperty(requestArbitrary(route, world), async (request) => {
    const problems = await send(world, request, options.validator, result);
    if (problems.length > 0) throw new Error(`${problems.join('\n')}\n${describeRequest(request)}`);
  });
  // Each route its own stream of draws from the one seed, or every route would start with the same choices.
  const outcome = await fc.check(property, { seed: routeSeed(options.seed, result.route), numRuns: options.runs, endOnFailure: false });
  if (outcome.failed) {
    const error = outcome.errorInstance instanceof Error ? outcome.errorInstance.message : String(outcome.errorInstance);
    result.failure = `${fc.defaultReportMessage(outcome) ?? 'failed'}\nThe shrunk request's problems:\n${error}`;
  }
  return result;
}

async function send(world: FuzzWorld, request: FuzzRequest, validator: ResponseValidator | undefined, result: RouteFuzzResult): Promise<string[]> {
  const response = await world.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  result.requests++;
  result.statuses[response.statusCode] = (result.statuses[response.statusCode] ?? 0) + 1;
  for (const shape of request.shape) result.shapes[shape] = (result.shapes[shape] ?? 0) + 1;
  const contentType = response.headers['content-type'];
  return answerProblems(request, { status: response.statusCode, contentType: typeof contentType === 'string' ? contentType : undefined, body: response.body }, validator);
}

/**
 * The routes in the order to fuzz them: deletes last, so the records they remove are there for the others.
 *
 * @example
 * for (const route of fuzzOrder(world.routes)) await fuzzRoute(world, route, options);
 */
export function fuzzOrder(routes: readonly FuzzRoute[]): FuzzRoute[] {
  return [...routes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/**
 * The seed a route's requests are drawn from: the run's seed mixed with the route's name (FNV-1a).
 *
 * @example
 * routeSeed(42, 'GET /v1/user') // → the same number on every run
 */
export function routeSeed(seed: number, route: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const character of route) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193);
  return hash | 0;
}
