// The upgrader alone, not @scalar/openapi-parser's index: that loads ajv and the validator (0.5 MB of the export's bundle).
import { upgradeFromTwoToThree } from '@scalar/openapi-upgrader/2.0-to-3.0';
import { entrypointOf, resolveSpecPath, specFilesOf, splitReference, valueAtPointer, type PublishedSpecFilesystem, type SpecFile, type SpecFilesystem } from './spec-filesystem.ts';

/** An OpenAPI 3.x document as plain JSON values; `$ref` objects point inside it (`#/...`). */
export type BundledDocument = Record<string, unknown> & { openapi: string };

/**
 * The one document renderers read, from a stored filesystem: the entry point with every reference to another
 * file brought in (the filesystem as stored, a list, or as the content routes answer it, keyed by filename), so that only internal `#/...` references remain, and Swagger 2.0 upgraded to OpenAPI 3.0.
 *
 * - A reference inside the entry point (`#/components/schemas/Pet`) is kept as it is, cycles included: the
 *   renderer resolves references lazily.
 * - A reference to another file's value becomes a reference to a copy of that value hoisted into the entry point:
 *   under `components.<kind>` (`schemas`, `parameters`, `responses`, `requestBodies`, `headers`, `examples`,
 *   `links`, `callbacks`, `securitySchemes`, by where the reference stands; `definitions`/`parameters`/`responses`
 *   in Swagger 2.0 before the upgrade), named after the pointer's last segment or the file (`Pet`, `Pet_2` when
 *   taken). Each target is hoisted once, so references to it, and cycles through it, stay references.
 * - A path item (`paths./pets: { $ref: ./pets.yaml }`) is copied in place: path items have no component home in 3.0.
 * - A reference inside another file to that file's own values (`#/definitions/X` in `pet.yaml`) is treated like an
 *   external reference to `pet.yaml#/definitions/X`.
 * - A reference to a file that is not in the filesystem, or to nothing, is left as written.
 * Pure: the filesystem is not changed.
 *
 * @example
 * const document = bundledDocument(filesystem);
 * document.paths['/pets'].get.responses['200'].content['application/json'].schema // → { $ref: '#/components/schemas/Pet' }
 */
export function bundledDocument(filesystemOrPublished: SpecFilesystem | PublishedSpecFilesystem): BundledDocument {
  const filesystem = specFilesOf(filesystemOrPublished);
  const entry = entrypointOf(filesystem);
  const swagger = typeof entry.specification.swagger === 'string';
  const root = structuredClone(entry.specification);
  const bundler = new Bundler(filesystem, entry, root, swagger);
  bundler.rewrite(root, entry, []);
  const bundled = swagger ? (upgradeFromTwoToThree(root) as Record<string, unknown>) : root;
  return bundled as BundledDocument;
}

type ComponentKind = 'schemas' | 'parameters' | 'responses' | 'requestBodies' | 'headers' | 'examples' | 'links' | 'callbacks' | 'securitySchemes';

class Bundler {
  /** `file#pointer` of each hoisted target → its internal reference. */
  private readonly hoisted = new Map<string, string>();

  constructor(
    private readonly filesystem: SpecFilesystem,
    private readonly entry: SpecFile,
    private readonly root: Record<string, unknown>,
    private readonly swagger: boolean,
  ) {}

  /** Rewrites the references of `value` (a part of `from`'s document, already copied) in place; `path` is where it stands. */
  rewrite(value: unknown, from: SpecFile, path: string[]): void {
    if (Array.isArray(value)) {
      value.forEach((item, index) => this.rewrite(item, from, [...path, String(index)]));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    for (const [key, child] of Object.entries(object)) {
      if (key === '$ref' && typeof child === 'string') {
        const replacement = this.referenceFor(child, from, path);
        if (replacement !== undefined && typeof replacement === 'object') {
          delete object.$ref;
          Object.assign(object, replacement);
        } else if (replacement !== undefined) object.$ref = replacement;
      } else this.rewrite(child, from, [...path, key]);
    }
  }

  /** The internal reference (or, for a path item, the copied value) that replaces `reference` written in `from`. */
  private referenceFor(reference: string, from: SpecFile, path: string[]): string | Record<string, unknown> | undefined {
    const { file, pointer } = splitReference(reference);
    if (file === '' && from === this.entry) return undefined;
    if (/^[a-z][a-z0-9+.-]*:/i.test(file)) return undefined;
    const target = file === '' ? from : this.filesystem.find((candidate) => candidate.filename === resolveSpecPath(from.dir, file));
    if (target === undefined) return undefined;
    if (target === this.entry) return `#${pointer}`;
    const value = valueAtPointer(target.specification, pointer);
    if (value === undefined || value === null || typeof value !== 'object') return undefined;
    const key = `${target.filename}#${pointer}`;
    if (path.length === 2 && path[0] === 'paths') {
      const copy = structuredClone(value) as Record<string, unknown>;
      this.rewrite(copy, target, path);
      return copy;
    }
    const existing = this.hoisted.get(key);
    if (existing !== undefined) return existing;
    const kind = componentKindAt(path);
    const section = this.section(kind);
    const name = uniqueName(section, nameFor(target.filename, pointer));
    const internal = this.swagger ? `#/${swaggerSection(kind)}/${escapePointer(name)}` : `#/components/${kind}/${escapePointer(name)}`;
    this.hoisted.set(key, internal);
    const copy = structuredClone(value);
    section[name] = copy;
    this.rewrite(copy, target, this.swagger ? [swaggerSection(kind), name] : ['components', kind, name]);
    return internal;
  }

  private section(kind: ComponentKind): Record<string, unknown> {
    if (this.swagger) {
      const name = swaggerSection(kind);
      return (this.root[name] ??= {}) as Record<string, unknown>;
    }
    const components = (this.root.components ??= {}) as Record<string, unknown>;
    return (components[kind] ??= {}) as Record<string, unknown>;
  }
}

/** Where a value standing at `path` belongs among the components, by the keys around it. */
function componentKindAt(path: string[]): ComponentKind {
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  if (path[0] === 'components' && path.length === 3) return path[1] as ComponentKind;
  if (parent === 'parameters') return 'parameters';
  if (parent === 'responses') return 'responses';
  if (last === 'requestBody') return 'requestBodies';
  if (parent === 'headers') return 'headers';
  if (parent === 'examples') return 'examples';
  if (parent === 'links') return 'links';
  if (parent === 'callbacks') return 'callbacks';
  if (parent === 'securitySchemes' || parent === 'securityDefinitions') return 'securitySchemes';
  return 'schemas';
}

function swaggerSection(kind: ComponentKind): string {
  if (kind === 'parameters') return 'parameters';
  if (kind === 'responses') return 'responses';
  if (kind === 'securitySchemes') return 'securityDefinitions';
  return 'definitions';
}

/** `Pet` for `pet.yaml#/Pet`, `pet` for `schemas/pet.yaml`: letters, digits, `.`, `_` and `-` only. */
function nameFor(filename: string, pointer: string): string {
  const segments = pointer.split('/').filter((segment) => segment !== '');
  const base = segments.length > 0 ? segments[segments.length - 1]! : (filename.split('/').pop() ?? filename).replace(/\.(ya?ml|json)$/i, '');
  const clean = decodeURIComponent(base).replace(/~1/g, '_').replace(/~0/g, '_').replace(/[^A-Za-z0-9._-]/g, '_');
  return clean === '' ? 'External' : clean;
}

function uniqueName(section: Record<string, unknown>, wanted: string): string {
  if (!Object.hasOwn(section, wanted)) return wanted;
  for (let index = 2; ; index++) if (!Object.hasOwn(section, `${wanted}_${index}`)) return `${wanted}_${index}`;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
