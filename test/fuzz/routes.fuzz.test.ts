// The route fuzzer, as CI runs it: every route the app registers, requests drawn from its schemas with a fixed
// seed (QUIRE_FUZZ_SEED, QUIRE_FUZZ_RUNS to change them), each answer checked (answer-checks.ts). A longer run
// with figures: `npx tsx bench/fuzz/run.ts [runs] [seed]`.
import { afterAll, describe, expect, it } from 'vitest';
import { ResponseValidator } from '../conformance/response-validator.ts';
import { fuzzOrder, fuzzRoute, type RouteFuzzResult } from './fuzz-route.ts';
import { openFuzzWorld } from './fuzz-world.ts';
import { routeName, schemaGaps } from './route-catalogue.ts';

const seed = Number(process.env.QUIRE_FUZZ_SEED ?? 20261126);
const runs = Number(process.env.QUIRE_FUZZ_RUNS ?? 20);

const world = await openFuzzWorld();
const validator = new ResponseValidator();
const results: RouteFuzzResult[] = [];
afterAll(() => world.close());

describe(`route fuzzer (seed ${seed}, ${runs} requests a route)`, () => {
  it('lists every route, each with schemas for its path parameters, its body and its answers', () => {
    expect(world.routes.length).toBeGreaterThan(100);
    expect(world.routes.map(routeName)).toEqual(expect.arrayContaining(['GET /v1/user', 'PATCH /v1/spaces/:spaceId', 'POST /v1/spaces/:spaceId/quire/blobs']));
    const gaps = world.routes.flatMap((route) => schemaGaps(route).map((gap) => `${routeName(route)} has no ${gap} schema`));
    expect(gaps, 'a route without a schema is a finding: declare it in the route').toEqual([]);
  });

  for (const route of fuzzOrder(world.routes)) {
    it(`${routeName(route)}: no 5xx, every error { error: { code, message } }, published 2xx bodies valid`, async () => {
      const result = await fuzzRoute(world, route, { runs, seed, validator });
      results.push(result);
      if (result.failure !== undefined) expect.fail(result.failure);
      expect(result.requests).toBeGreaterThanOrEqual(runs);
    });
  }

  it('reached the handlers with every kind of request', () => {
    expect(results).toHaveLength(world.routes.length);
    const shapes = new Set(results.flatMap((result) => Object.keys(result.shapes)));
    for (const shape of ['caller: admin', 'caller: reader', 'caller: anonymous', 'caller: unknown-token', 'params: real', 'params: hostile', 'query: invalid', 'body: valid', 'body: invalid', 'body: hostile-text', 'body: published', 'body: deep']) {
      expect(shapes, shape).toContain(shape);
    }
    // Real ids take most requests past the lookups: most routes answer some 2xx.
    // A route that runs an integration's script has reached it when it answers 502 too: the fuzzer publishes
    // scripts of its own over the world's, which the runtime cannot start (answer-checks.ts, integrationFailure).
    const reached = (route: string, status: string) => status.startsWith('2') || (status === '502' && route.includes('/v1/integrations/'));
    const answered = results.filter((result) => Object.keys(result.statuses).some((status) => reached(result.route, status)));
    expect(answered.length / results.length).toBeGreaterThan(0.7);
    expect(validator.checked.length).toBeGreaterThan(results.length);
  });
});
