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
    for (const reference of file.references) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('/')) continue;
      const path = resolveSpecPath(file.dir, reference);
      if (seen.has(path)) continue;
      seen.add(path);
      if (files.length >= maxSpecFiles) throw new OpenApiProcessingError('FETCH_ERROR', [{ message: `the spec refers to more than ${maxSpecFiles} files`, code: 'TOO_MANY_FILES' }]);
      const next = fileOf(path, specDirOf(path), false, await read(path));
      files.push(next);
      queue.push(next);
    }
  }
  return files;
}

function fileOf(filename: string, dir: string, isEntrypoint: boolean, text: string): SpecFile {
  const specification = parseSpecText(text, filename);
  return { dir, isEntrypoint, references: externalReferencesOf(specification), filename, specification };
}
