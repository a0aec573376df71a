import type { Revision } from '@gitbook/api';
import { QuireError } from '../errors/quire-error.ts';
import type { DirectorySource, RevisionBundle } from '../model/revision-bundle.ts';

/** Identifies a bundle file, so a random JSON file is refused with a clear message. */
export const bundleFormat = 'quire-revision-bundle';
export const bundleVersion = 1;

/**
 * A bundle as a JSON text: the revision, page bodies by document id, file bytes in base64 by file id, and the
 * directory's `source` (documented in README, "The revision bundle").
 *
 * @example
 * const text = bundleToJson(bundle);
 * bundleFromJson(text).revision.id === bundle.revision.id // → true
 */
export function bundleToJson(bundle: RevisionBundle): string {
  return `${JSON.stringify(bundleToValue(bundle), null, 2)}\n`;
}

/** A bundle file's JSON value: `bundle` with its bytes (files, `source.extra`) in base64. */
export interface RevisionBundleValue {
  format: typeof bundleFormat;
  version: typeof bundleVersion;
  revision: RevisionBundle['revision'];
  documents: Record<string, string>;
  files: Record<string, string>;
  source: Omit<DirectorySource, 'extra'> & { extra: Record<string, string> };
}

/**
 * A bundle as the JSON value of a bundle file, before it is written as text: what the service answers
 * `GET .../revisions/{revisionId}/bundle` with.
 *
 * @example
 * bundleToValue(bundle).files['file1'] // → 'iVBORw0KGgo…'
 */
export function bundleToValue(bundle: RevisionBundle): RevisionBundleValue {
  return { format: bundleFormat, version: bundleVersion, revision: bundle.revision, ...bundleContentToValue(bundle) };
}

/**
 * The members of a bundle's JSON value that follow its revision (bodies, file bytes, directory source), which never
 * change for a revision: what the service keeps of each answer.
 *
 * @example
 * bundleContentToValue({ documents: {}, files: { f1: new Uint8Array([1]) }, source }).files // → { f1: 'AQ==' }
 */
export function bundleContentToValue(content: Omit<RevisionBundle, 'revision'>): Omit<RevisionBundleValue, 'format' | 'version' | 'revision'> {
  const { extra, ...source } = content.source;
  return { documents: content.documents, files: mapValues(content.files, toBase64), source: { ...source, extra: mapValues(extra, toBase64) } };
}

/**
 * Parses and checks a bundle file. A wrong shape is a `FORMAT_INVALID_BUNDLE` error naming the field.
 *
 * @example
 * bundleFromJson('{"format":"x"}') // throws QuireError FORMAT_INVALID_BUNDLE: `format` must be "quire-revision-bundle"
 */
export function bundleFromJson(text: string): RevisionBundle {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new QuireError('FORMAT_INVALID_BUNDLE', `the bundle is not JSON: ${(error as Error).message}`, {}, { cause: error });
  }
  return bundleFromValue(data);
}

/**
 * Checks a bundle already parsed from JSON (a bundle file, or the answer of the service's
 * `GET .../revisions/{revisionId}/bundle`) and decodes its bytes. A wrong shape is a `FORMAT_INVALID_BUNDLE` error
 * naming the field. Each base64 text is let go as soon as it is decoded: the caller's value loses its `files` and
 * `source.extra` entries, so the bytes are never held twice.
 *
 * @example
 * bundleFromValue(await response.json()).documents['doc1'] // → '# Home\n'
 */
export function bundleFromValue(data: unknown): RevisionBundle {
  const root = record(data, 'the bundle');
  if (root.format !== bundleFormat) fail('format', `must be "${bundleFormat}"`);
  if (root.version !== bundleVersion) fail('version', `must be ${bundleVersion}, got ${JSON.stringify(root.version)}`);

  const revision = record(root.revision, 'revision');
  if (revision.object !== 'revision') fail('revision.object', 'must be "revision"');
  for (const key of ['pages', 'files', 'reusableContents'] as const) if (!Array.isArray(revision[key])) fail(`revision.${key}`, 'must be a list');
  if (typeof revision.id !== 'string') fail('revision.id', 'must be a string');

  const documents = stringMap(root.documents, 'documents');
  const files = decodeAll(stringMap(root.files, 'files'), 'files');
  const rawSource = record(root.source, 'source');
  const source: DirectorySource = {
    root: typeof rawSource.root === 'string' ? rawSource.root : fail('source.root', 'must be a string'),
    structure: structureOf(rawSource.structure),
    redirects: stringMap(rawSource.redirects, 'source.redirects'),
    heads: stringMap(rawSource.heads, 'source.heads'),
    summaryTitles: summaryTitlesOf(rawSource.summaryTitles),
    extra: decodeAll(stringMap(rawSource.extra, 'source.extra'), 'source.extra'),
    symlinks: stringMap(rawSource.symlinks, 'source.symlinks'),
  };
  if (rawSource.config !== undefined) {
    const config = record(rawSource.config, 'source.config');
    if (typeof config.path !== 'string' || typeof config.text !== 'string') fail('source.config', 'must have a path and a text');
    source.config = { path: config.path as string, text: config.text as string };
  }
  if (rawSource.summaryText !== undefined) source.summaryText = typeof rawSource.summaryText === 'string' ? rawSource.summaryText : fail('source.summaryText', 'must be a string');
  if (rawSource.varsText !== undefined) source.varsText = typeof rawSource.varsText === 'string' ? rawSource.varsText : fail('source.varsText', 'must be a string');

  return { revision: revision as unknown as Revision, documents, files, source };
}

function fail(field: string, message: string): never {
  throw new QuireError('FORMAT_INVALID_BUNDLE', `\`${field}\` ${message}`, { field });
}

function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(field, 'must be an object');
  return value as Record<string, unknown>;
}

function stringMap(value: unknown, field: string): Record<string, string> {
  if (value === undefined) return {};
  const map = record(value, field);
  for (const [key, item] of Object.entries(map)) if (typeof item !== 'string') fail(`${field}.${key}`, 'must be a string');
  return map as Record<string, string>;
}

function structureOf(value: unknown): DirectorySource['structure'] {
  const structure = record(value, 'source.structure');
  if (typeof structure.readme !== 'string' || typeof structure.summary !== 'string') fail('source.structure', 'must have readme and summary paths');
  return { readme: structure.readme as string, summary: structure.summary as string };
}

function summaryTitlesOf(value: unknown): DirectorySource['summaryTitles'] {
  if (value === undefined) return {};
  const map = record(value, 'source.summaryTitles');
  for (const [key, item] of Object.entries(map)) {
    const entry = record(item, `source.summaryTitles.${key}`);
    if (typeof entry.summary !== 'string' || typeof entry.title !== 'string') fail(`source.summaryTitles.${key}`, 'must have summary and title');
  }
  return map as DirectorySource['summaryTitles'];
}

function mapValues<A, B>(map: Record<string, A>, convert: (value: A, key: string) => B): Record<string, B> {
  const result: Record<string, B> = {};
  for (const [key, value] of Object.entries(map)) result[key] = convert(value, key);
  return result;
}

/** Decodes every base64 value of `map`, removing each from `map` once decoded. */
function decodeAll(map: Record<string, string>, field: string): Record<string, Uint8Array> {
  const decoded: Record<string, Uint8Array> = {};
  for (const key of Object.keys(map)) {
    decoded[key] = fromBase64(map[key]!, `${field}.${key}`);
    delete map[key];
  }
  return decoded;
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function fromBase64(text: string, field: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) fail(field, 'must be base64');
  return new Uint8Array(Buffer.from(text, 'base64'));
}
