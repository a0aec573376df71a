// bench/fuzz: the route fuzzer of test/fuzz, longer: `runs` requests a route (default 500) from one seed, on a
// fresh world, every route the app registers. Prints the requests and answers by status for each route, the
// totals, and each failing route with its shrunk request. Exits 1 when a route failed.
// Usage: npx tsx bench/fuzz/run.ts [runs=500] [seed=20261126]
import { cpus, totalmem } from 'node:os';
import { fuzzOrder, fuzzRoute, type RouteFuzzResult } from '../../test/fuzz/fuzz-route.ts';
import { openFuzzWorld } from '../../test/fuzz/fuzz-world.ts';
import { ResponseValidator } from '../../test/conformance/response-validator.ts';

const runs = Number(process.argv[2] ?? 500);
const seed = Number(process.argv[3] ?? 20261126);

const world = await openFuzzWorld();
const validator = new ResponseValidator();
const results: RouteFuzzResult[] = [];
const started = performance.now();
try {
  for (const route of fuzzOrder(world.routes)) {
    const result = await fuzzRoute(world, route, { runs, seed, validator });
    results.push(result);
    console.log(`${result.failure === undefined ? 'ok  ' : 'FAIL'} ${result.route.padEnd(112)} ${String(result.requests).padStart(6)}  ${statusLine(result.statuses)}`);
  }
} finally {
  await world.close();
}
const seconds = (performance.now() - started) / 1000;

const totals: Record<number, number> = {};
for (const result of results) for (const [status, count] of Object.entries(result.statuses)) totals[Number(status)] = (totals[Number(status)] ?? 0) + count;
const requests = results.reduce((sum, result) => sum + result.requests, 0);
const failed = results.filter((result) => result.failure !== undefined);
console.log(`\n${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}; seed ${seed}, ${runs} runs a route`);
console.log(`routes: ${results.length}, requests: ${requests} (shrinking included), ${seconds.toFixed(1)} s, ${Math.round(requests / seconds)} requests/s`);
console.log(`published 2xx bodies validated: ${validator.checked.filter((record) => record.status < 300 && record.operationId !== undefined).length}`);
console.log(`answers by status: ${statusLine(totals)}`);
console.log(`failing routes: ${failed.length}`);
for (const result of failed) console.log(`\n== ${result.route}\n${result.failure}`);
process.exitCode = failed.length === 0 ? 0 : 1;

function statusLine(statuses: Record<number, number>): string {
  return Object.entries(statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, count]) => `${status}:${count}`)
    .join(' ');
}
