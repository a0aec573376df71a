// Builds the GitHub Action's bundle: src/action/main.ts → action/dist/index.js (one ESM file, every dependency
// inlined, for `runs.using: node24`). test/sync/action-bundle.test.ts rebuilds it and compares with the committed file.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The bundle's text, built in memory.
 *
 * @example
 * const text = await buildActionBundle();
 */
export async function buildActionBundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'src/action/main.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    write: false,
    minify: false,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
    // CommonJS dependencies call require() on Node's built-ins; give the ESM bundle a require.
    banner: { js: "import { createRequire as __quireCreateRequire } from 'node:module';\nconst require = __quireCreateRequire(import.meta.url);" },
  });
  return result.outputFiles[0]!.text.replaceAll(root, '.');
}

export const bundlePath = join(root, 'action/dist/index.js');

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await buildActionBundle();
  await mkdir(dirname(bundlePath), { recursive: true });
  await writeFile(bundlePath, text);
  process.stdout.write(`wrote ${bundlePath} (${(text.length / 1024).toFixed(0)} KiB)\n`);
}
