/**
 * A spec as files: what a stored version keeps, the published `OpenAPISpecContent.filesystem`. Its entries have
 * the shape of `@scalar/openapi-parser`'s `load()` (GitBook's filesystem is that): the parsed document of each
 * file, its folder, whether it is the entry point, and the files it refers to. Unlike `load()`, every filename
 * is the file's path relative to the entry point's folder (`schemas/pet.yaml`, not the `./pet.yaml` a sibling
 * wrote), so two files that write the same relative reference from different folders stay distinct.
 */
export interface SpecFile {
  /** The folder of `filename` (`.` for the entry point's), relative to the entry point's folder. */
  dir: string;
  isEntrypoint: boolean;
  /** External references of the file (their file part, as written), in document order, without duplicates. */
  references: string[];
  /** The path relative to the entry point's folder; the entry point's own name (`openapi.yaml`). */
  filename: string;
  specification: Record<string, unknown>;
}

export type SpecFilesystem = SpecFile[];

/**
 * The filesystem as the API answers it: the published `OpenAPISpecContent.filesystem` is a JSON object, so the
 * entries are keyed by their filename (each entry keeps its `filename` too).
 */
export type PublishedSpecFilesystem = Record<string, SpecFile>;

/**
 * The published form of a filesystem.
 *
 * @example
 * Object.keys(toPublishedFilesystem(filesystem)) // → ['openapi.yaml', 'schemas/pet.yaml']
 */
export function toPublishedFilesystem(filesystem: SpecFilesystem): PublishedSpecFilesystem {
  return Object.fromEntries(filesystem.map((file) => [file.filename, file]));
}

/**
 * A filesystem from either form: the list the store keeps or the object the API answers.
 *
 * @example
 * const files = specFilesOf(content.filesystem);
 */
export function specFilesOf(filesystem: SpecFilesystem | PublishedSpecFilesystem): SpecFilesystem {
  return Array.isArray(filesystem) ? filesystem : Object.values(filesystem);
}

/**
 * The entry point of a filesystem.
 *
 * @example
 * entrypointOf(filesystem).specification.openapi // → '3.1.0'
 */
export function entrypointOf(filesystem: SpecFilesystem): SpecFile {
  const entry = filesystem.find((file) => file.isEntrypoint);
  if (entry === undefined) throw new Error('the filesystem has no entry point');
  return entry;
}

/**
 * The path of the file a reference written in `fromDir` names, relative to the entry point's folder (`.` and
 * `..` resolved; a path that climbs above the entry point's folder keeps its leading `../`).
 *
 * @example
 * resolveSpecPath('schemas', './owner.yaml') // → 'schemas/owner.yaml'
 * resolveSpecPath('.', 'schemas/../pet.yaml') // → 'pet.yaml'
 */
export function resolveSpecPath(fromDir: string, reference: string): string {
  const parts: string[] = [];
  for (const segment of `${fromDir}/${reference}`.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(segment);
  }
  return parts.join('/');
}

/**
 * The folder of a spec path (`.` at the top).
 *
 * @example
 * specDirOf('schemas/pet.yaml') // → 'schemas'
 */
export function specDirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '.' : path.slice(0, slash);
}

/**
 * Splits a `$ref` into its file part (empty for a reference inside the same file) and its JSON pointer.
 *
 * @example
 * splitReference('./pet.yaml#/Pet') // → { file: './pet.yaml', pointer: '/Pet' }
 */
export function splitReference(reference: string): { file: string; pointer: string } {
  const hash = reference.indexOf('#');
  if (hash === -1) return { file: reference, pointer: '' };
  return { file: reference.slice(0, hash), pointer: reference.slice(hash + 1) };
}

/**
 * The file parts of the external `$ref`s in a document (not `#...` ones), in document order, once each.
 *
 * @example
 * externalReferencesOf({ a: { $ref: './pet.yaml#/Pet' }, b: { $ref: '#/components/schemas/X' } }) // → ['./pet.yaml']
 */
export function externalReferencesOf(document: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const { file } = splitReference(child);
        if (file !== '') found.add(file);
      } else visit(child);
    }
  };
  visit(document);
  return [...found];
}

/**
 * The value a JSON pointer (RFC 6901, `/a/b~1c`) names in a document, or undefined.
 *
 * @example
 * valueAtPointer({ a: { 'b/c': 1 } }, '/a/b~1c') // → 1
 */
export function valueAtPointer(document: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return document;
  let value: unknown = document;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
