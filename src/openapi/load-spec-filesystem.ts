import { parseSpecText } from './parse-spec-text.ts';
import { OpenApiProcessingError } from './processing-error.ts';
import { externalReferencesOf, resolveSpecPath, specDirOf, type SpecFile, type SpecFilesystem } from './spec-filesystem.ts';

/** Reads one file of a spec by its path relative to the entry point's folder; throws `OpenApiProcessingError`. */
export type SpecFileReader = (path: string) => Promise<string>;

/** How many files one spec may have (the entry point included). */
export const maxSpecFiles = 100;

/**
 * Builds the filesystem of a spec from its entry point's text: parses it, then reads and parses every file its
 * relative `$ref`s name, and theirs, through `read` (no reader: a spec given as text, whose references are left
 * as they are). References to other origins (`https://...`) are not followed. More than `maxSpecFiles` files is
 * `FETCH_ERROR`; a file that does not parse is `PARSE_ERROR` naming it.
 *
 * @example
 * const filesystem = await loadSpecFilesystem('openapi.yaml', text, (path) => fetchSpecFile(new URL(path, base)));
 */
export async function loadSpecFilesystem(entryName: string, entryText: string, read?: SpecFileReader): Promise<SpecFilesystem> {
  const entry = fileOf(entryName, '.', true, entryText);
  const files: SpecFilesystem = [entry];
  if (read === undefined) return files;
  const seen = new Set<string>([entryName]);
  const queue: SpecFile[] = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const path of referencedPaths(file)) {
      if (seen.has(path)) continue;
      seen.add(path);
      checkFileCount(files.length);
      const next = fileOf(path, specDirOf(path), false, await read(path));
      files.push(next);
      queue.push(next);
    }
  }
  return files;
}

/** A filesystem built from the texts at hand, or the paths still to read before it can be. */
export type FilesystemOfTexts = { kind: 'built'; filesystem: SpecFilesystem } | { kind: 'missing'; paths: string[] };

/**
 * `loadSpecFilesystem` without I/O, for a worker thread: builds the filesystem from `texts` (by path relative to
 * the entry point's folder, the entry point under `entryName`) when they hold every file the relative `$ref`s
 * name, and otherwise answers the paths not there yet (every one reachable through the files at hand), for the
 * caller to fetch and ask again. `followReferences: false` is a spec given as text: its references stay as
 * written. Throws `OpenApiProcessingError` like `loadSpecFilesystem`.
 *
 * @example
 * filesystemOfTexts('openapi.yaml', { 'openapi.yaml': text }, true) // → { kind: 'missing', paths: ['schemas/pet.yaml'] }
 */
export function filesystemOfTexts(entryName: string, texts: Readonly<Record<string, string>>, followReferences: boolean): FilesystemOfTexts {
  const entryText = texts[entryName];
  if (entryText === undefined) return { kind: 'missing', paths: [entryName] };
  const entry = fileOf(entryName, '.', true, entryText);
  const files: SpecFilesystem = [entry];
  if (!followReferences) return { kind: 'built', filesystem: files };
  const missing: string[] = [];
  const seen = new Set<string>([entryName]);
  const queue: SpecFile[] = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const path of referencedPaths(file)) {
      if (seen.has(path)) continue;
      seen.add(path);
      checkFileCount(files.length + missing.length);
      const text = Object.hasOwn(texts, path) ? texts[path] : undefined;
      if (text === undefined) {
        missing.push(path);
        continue;
      }
      const next = fileOf(path, specDirOf(path), false, text);
      files.push(next);
      queue.push(next);
    }
  }
  return missing.length > 0 ? { kind: 'missing', paths: missing } : { kind: 'built', filesystem: files };
}

/** The paths of the files a file's relative references name; references to other origins are not followed. */
function referencedPaths(file: SpecFile): string[] {
  return file.references.filter((reference) => !/^[a-z][a-z0-9+.-]*:/i.test(reference) && !reference.startsWith('/')).map((reference) => resolveSpecPath(file.dir, reference));
}

function checkFileCount(filesSoFar: number): void {
  if (filesSoFar >= maxSpecFiles) throw new OpenApiProcessingError('FETCH_ERROR', [{ message: `the spec refers to more than ${maxSpecFiles} files`, code: 'TOO_MANY_FILES' }]);
}

function fileOf(filename: string, dir: string, isEntrypoint: boolean, text: string): SpecFile {
  const specification = parseSpecText(text, filename);
  return { dir, isEntrypoint, references: externalReferencesOf(specification), filename, specification };
}
