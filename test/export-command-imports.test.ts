// What `quire export` loads before it does anything: the modules its command reaches through static imports, as
// the CLI's bundle (scripts/build-cli.ts) resolves them. Parsers only some exports need are loaded when one does
// (a YAML specification, a server without revision bundles, a Swagger 2.0 document), so that a start does not
// compile and run them for nothing: together they were half a megabyte of the 3 MB the command loaded, 23 ms of
// its 112 ms import (issue 17).
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { runtimeExternals } from '../scripts/build-cli.ts';

/** Every input the entry reaches through `import` statements (not `import()`), with the one that first imports it. */
async function staticImports(entry: string): Promise<Map<string, string | undefined>> {
  const { metafile } = await build({ entryPoints: [entry], bundle: true, write: false, metafile: true, splitting: true, format: 'esm', platform: 'node', outdir: 'unused', external: [...runtimeExternals], logLevel: 'silent' });
  const importer = new Map<string, string | undefined>([[entry, undefined]]);
  const queue = [entry];
  while (queue.length > 0) {
    const input = queue.shift()!;
    for (const { path, kind } of metafile.inputs[input]?.imports ?? []) {
      if (kind !== 'import-statement' || importer.has(path)) continue;
      importer.set(path, input);
      queue.push(path);
    }
  }
  return importer;
}

/** The chain of importers from the entry to `input`, for the failure message. */
function chain(importer: Map<string, string | undefined>, input: string): string {
  const links = [input];
  for (let at = importer.get(input); at !== undefined; at = importer.get(at)) links.unshift(at);
  return links.join('\n  → ');
}

describe('quire export, at its start', () => {
  it('does not load the YAML parser, the OpenAPI validator (ajv) or the format reader, nor does its renderer', { timeout: 60_000 }, async () => {
    for (const entry of ['src/cli/commands/export.ts', 'src/export/index.ts']) {
      const importer = await staticImports(entry);
      const unwanted = [/^node_modules\/yaml\//, /^node_modules\/ajv\//, /^node_modules\/@scalar\/openapi-parser\//, /^src\/format\/read-directory\.ts$/];
      const loaded = [...importer.keys()].filter((input) => unwanted.some((pattern) => pattern.test(input)));
      expect(loaded.map((input) => chain(importer, input))).toEqual([]);
    }
    // The walk does see the renderer's own modules (a broken walk would pass the check above).
    expect([...(await staticImports('src/export/index.ts')).keys()]).toEqual(expect.arrayContaining(['src/export/export-site.ts', 'src/openapi/bundled-document.ts']));
  });

  it('loads the renderer only once it has asked for the content (src/cli/commands/export.ts imports it with import())', { timeout: 60_000 }, async () => {
    const importer = await staticImports('src/cli/commands/export.ts');
    // The plan's plain data (route-data.ts) is all of src/render a render thread's start needs.
    const renderer = [...importer.keys()].filter((input) => (input.startsWith('src/render/') && input !== 'src/render/route-data.ts') || input === 'src/export/export-site.ts' || input.startsWith('node_modules/markdown-it/'));
    expect(renderer.map((input) => chain(importer, input))).toEqual([]);
    expect([...importer.keys()]).toEqual(expect.arrayContaining(['src/export/fetch-site.ts', 'src/client/index.ts']));
  });
});
