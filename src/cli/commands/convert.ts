import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { readDirectoryFiles, writeDirectoryFiles } from '../../disk/directory-files.ts';
import { QuireError } from '../../errors/quire-error.ts';
import { bundleFromJson, bundleToJson } from '../../format/bundle-json.ts';
import { readDirectory } from '../../format/read-directory.ts';
import { writeDirectory } from '../../format/write-directory.ts';
import { flattenPages } from '../../model/page-tree.ts';
import type { RevisionBundle } from '../../model/revision-bundle.ts';
import { exitCodes } from '../exit-codes.ts';
import { formatBytes, formatSeconds, printDiagnostics, type Terminal } from '../terminal.ts';

export interface ConvertOptions {
  /** A bundle of the previous version, so pages keep their ids across renames and moves. */
  previous?: string;
  /** Write into a non-empty output directory, replacing its content (`.git` is kept). */
  force?: boolean;
  /** Print the diagnostics and summary as JSON on stdout. */
  json?: boolean;
}

/**
 * `quire convert <from> <to>`: a directory to a bundle file (`.json`), or a bundle file to a directory.
 * Returns the exit code.
 */
export async function convert(from: string, to: string, options: ConvertOptions, terminal: Terminal): Promise<number> {
  const started = performance.now();
  const fromBundle = from.endsWith('.json');
  const toBundle = to.endsWith('.json');
  if (fromBundle === toBundle) {
    throw new QuireError('INVALID_ARGUMENT', `convert goes from a directory to a .json bundle or back; got ${from} → ${to}`, { field: 'to' });
  }

  if (!fromBundle) {
    const { files, symlinks } = await readDirectoryFiles(from);
    const previous = options.previous ? await loadBundle(options.previous) : undefined;
    const { bundle, diagnostics } = readDirectory(files, { symlinks, ...(previous ? { previous } : {}) });
    const text = bundleToJson(bundle);
    await mkdir(dirname(to), { recursive: true });
    await writeFile(to, text);
    return report(terminal, options, diagnostics, bundle, `${from} → ${to} (${formatBytes(Buffer.byteLength(text))})`, started);
  }

  const bundle = await loadBundle(from);
  if (!options.force && (await isNonEmptyDirectory(to))) {
    throw new QuireError('INVALID_ARGUMENT', `${to} is not empty; pass --force to replace its content`, { field: 'to' });
  }
  const files = writeDirectory(bundle);
  await writeDirectoryFiles(to, { files, symlinks: new Map(Object.entries(bundle.source.symlinks)) }, { clean: options.force === true });
  const bytes = [...files.values()].reduce((total, file) => total + file.byteLength, 0);
  return report(terminal, options, [], bundle, `${from} → ${to} (${files.size} files, ${formatBytes(bytes)})`, started);
}

async function loadBundle(path: string): Promise<RevisionBundle> {
  const text = await readFile(path, 'utf8').catch((error: unknown) => {
    throw new QuireError('NOT_FOUND', `cannot read the bundle ${path}: ${(error as Error).message}`, { path }, { cause: error });
  });
  try {
    return bundleFromJson(text);
  } catch (error) {
    if (error instanceof QuireError) throw new QuireError(error.code, `${path}: ${error.message}`, { ...error.data, path }, { cause: error });
    throw error;
  }
}

async function isNonEmptyDirectory(path: string): Promise<boolean> {
  const stats = await lstat(path).catch(() => undefined);
  if (!stats) return false;
  if (!stats.isDirectory()) throw new QuireError('INVALID_ARGUMENT', `${path} exists and is not a directory`, { field: 'to' });
  return (await readdir(path)).some((entry) => entry !== '.git');
}

function report(
  terminal: Terminal,
  options: ConvertOptions,
  diagnostics: Parameters<typeof printDiagnostics>[1],
  bundle: RevisionBundle,
  what: string,
  started: number,
): number {
  const pages = flattenPages(bundle.revision.pages).filter((page) => page.type === 'document').length;
  const summary = {
    pages,
    files: bundle.revision.files.length,
    reusableContents: bundle.revision.reusableContents.length,
    seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
  };
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  if (options.json) {
    terminal.out(`${JSON.stringify({ ...summary, diagnostics }, null, 2)}\n`);
  } else {
    printDiagnostics(terminal, diagnostics);
    terminal.out(`${what}: ${pages} pages, ${summary.files} files, ${summary.reusableContents} reusable contents in ${formatSeconds(summary.seconds * 1000)}\n`);
  }
  return errors > 0 ? exitCodes.inputErrors : exitCodes.ok;
}
