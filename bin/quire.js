#!/usr/bin/env node
// The published entry point. It runs a bundle of dist/ (scripts/build-cli.ts: one CommonJS file, quick to start
// with its code cache; load-bundle.js's `bundleFor` picks a smaller one for `build`, and for `export` and `sync`
// through an API)
// when the bundles are at least as new as every file under src/, which only a Git checkout (.git beside bin/)
// checks; otherwise (a source edited since the last build, or no build at all) it registers tsx and runs the
// TypeScript sources as they are. QUIRE_FROM_SOURCE=1 forces the sources. CommonJS (bin/package.json): Node's ES
// module loader took 7 to 9 ms more of every command's start.
'use strict';
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');

/** dist/build.json when the bundle may run: its `bundleHash` names the code caches. */
function currentBuild() {
  if (process.env.QUIRE_FROM_SOURCE) return undefined;
  try {
    const build = JSON.parse(readFileSync(join(root, 'dist/build.json'), 'utf8'));
    // An installed package (no .git beside it) runs the bundle it was published with: its sources are not edited,
    // and stat-ing each of them cost 15-25 ms of every command's start.
    if (!existsSync(join(root, '.git'))) return build;
    const source = join(root, 'src');
    for (const entry of readdirSync(source, { withFileTypes: true, recursive: true })) {
      if (entry.isFile() && statSync(join(entry.parentPath, entry.name)).mtimeMs > build.newestSource) return undefined;
    }
    return build;
  } catch {
    return undefined;
  }
}

const build = currentBuild();
if (build !== undefined) {
  const { bundleFor, loadBundle } = require('./load-bundle.js');
  const argv = process.argv.slice(2);
  const bundle = bundleFor(join(root, 'dist'), build, argv, process.env);
  loadBundle(bundle.file, bundle.hash, argv);
} else {
  // The sources are ES modules, run through tsx's loader (a failure to load them ends the process with its error).
  import('tsx/esm/api').then(({ register }) => {
    register();
    return import('../src/cli/main.ts');
  });
}
