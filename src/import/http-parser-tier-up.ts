/**
 * undici, which fetch-page.ts reads websites and OpenAPI files from URLs with (the service's imports, run in a CLI
 * command by its embedded service), parses HTTP responses with llhttp compiled to WebAssembly. V8 runs it first as
 * baseline (Liftoff) code and, once the parser has run a little, recompiles its large state-machine function with
 * TurboFan on a background thread: about 250 ms of CPU and 35 MB on a 2-core machine, and a process that has finished waits
 * for that compilation before it exits. A command that makes a handful of requests paid it in full (a no-op
 * `quire sync`: 0.60 → 0.45 s, peak 102 → 66 MB; BENCHMARKS.md, issue 17). A hundred times V8's tier-up budget
 * keeps short commands on the baseline code, while a command that parses many responses still gets the
 * optimized parser. (The API client no longer uses undici: src/client/node-http-request.ts.)
 *
 * Process-wide (a V8 flag): the CLI's entry calls it before its first request; the library does not.
 *
 * @example
 * deferHttpParserTierUp(); // first line of src/cli/main.ts
 */
import { setFlagsFromString } from 'node:v8';

/** V8's default `--wasm-tiering-budget` (Node 20 to 24). */
const V8_DEFAULT_TIERING_BUDGET = 1_800_000;

/**
 * The V8 option `deferHttpParserTierUp` sets. bin/load-bundle.js sets the same before compiling the CLI's bundle, so
 * that the bundle's code cache is made and read under the same options (test/cli-entry.test.ts holds them equal).
 */
export const httpParserTierUpFlag = `--wasm-tiering-budget=${V8_DEFAULT_TIERING_BUDGET * 100}`;

export function deferHttpParserTierUp(): void {
  setFlagsFromString(httpParserTierUpFlag);
}
