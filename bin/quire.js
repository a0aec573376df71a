#!/usr/bin/env node
// The published entry point. It runs a bundle of dist/ (scripts/build-cli.ts: one CommonJS file, quick to start
// with its code cache; load-bundle.js's `bundleFor` picks a smaller one for `build`, and for `export` and `sync`
// through an API)
// when the bundles are at least as new as every file under src/, which only a Git checkout (.git beside bin/)
// checks; otherwise (a source edited since the last build, or no build at all) it registers tsx and runs the
// TypeScript sources as they are. QUIRE_FROM_SOURCE=1 forces the sources.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

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
  const { bundleFor, loadBundle } = await import('./load-bundle.js');
  const argv = process.argv.slice(2);
  const bundle = bundleFor(join(root, 'dist'), build, argv, process.env);
  loadBundle(bundle.file, bundle.hash, argv);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
