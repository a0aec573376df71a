// An esbuild plugin for the CLI's CommonJS bundles (build-cli.ts): some `require` calls that packages make as they
// load are put off until what they return is first used. Each loads a Node built-in that a command pays for at its
// start and Quire never uses: commander's `child_process` (for executable subcommands, which Quire's program has
// none of) and undici's HTTP/2 client with `node:http2` (for connections that negotiate h2, which Quire's never do:
// `allowH2` is off). Loading the two took about 10 ms of every command's start on issue 17's 2-core machine.
import type { Plugin } from 'esbuild';

/** A `require(request)` made by the package file whose path ends with `importer`. */
export interface DeferredRequire {
  importer: string;
  request: string;
}

/** The requires the CLI's bundles put off (see the top of this file). */
export const deferredRequires: readonly DeferredRequire[] = [
  { importer: 'node_modules/commander/lib/command.js', request: 'node:child_process' },
  { importer: 'node_modules/undici/lib/dispatcher/client.js', request: './client-h2.js' },
];

/**
 * In place of each of `deferred`, a module whose export stands for the required one: reading a property of it,
 * asking whether it has one, or calling it loads the module then (once) and answers from it. The importers above
 * only call or read the module when they use it, never as they load.
 *
 * @example
 * await build({ ..., plugins: [deferRequires(deferredRequires)] });
 */
export function deferRequires(deferred: readonly DeferredRequire[]): Plugin {
  const requests = new Set(deferred.map((entry) => entry.request));
  return {
    name: 'defer-requires',
    setup(bundle) {
      bundle.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'require-call' || !requests.has(args.path)) return undefined;
        const entry = deferred.find((candidate) => candidate.request === args.path && args.importer.replaceAll('\\', '/').endsWith(candidate.importer));
        if (entry === undefined) return undefined;
        // Named by the entry, not the importer's absolute path: the bundle is the same wherever it is built.
        return { path: `${entry.importer}:${entry.request}`, namespace: 'deferred-require', pluginData: { request: args.path, resolveDir: args.resolveDir } };
      });
      bundle.onLoad({ filter: /.*/, namespace: 'deferred-require' }, (args) => {
        const { request, resolveDir } = args.pluginData as { request: string; resolveDir: string };
        return {
          contents: [
            `let loaded;`,
            `const load = () => (loaded ??= require(${JSON.stringify(request)}));`,
            `module.exports = new Proxy(() => {}, {`,
            `  get: (_, key) => load()[key],`,
            `  has: (_, key) => key in load(),`,
            `  apply: (_, self, args) => Reflect.apply(load(), self, args),`,
            `});`,
          ].join('\n'),
          resolveDir,
          loader: 'js',
        };
      });
    },
  };
}
