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
  const { extra, ...source } = bundle.source;
  return `${JSON.stringify(
    {
      format: bundleFormat,
      version: bundleVersion,
      revision: bundle.revision,
      documents: bundle.documents,
      files: mapValues(bundle.files, toBase64),
      source: { ...source, extra: mapValues(extra, toBase64) },
    },
    null,
    2,
  )}\n`;
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
  const root = record(data, 'the bundle');
  if (root.format !== bundleFormat) fail('format', `must be "${bundleFormat}"`);
  if (root.version !== bundleVersion) fail('version', `must be ${bundleVersion}, got ${JSON.stringify(root.version)}`);

  const revision = record(root.revision, 'revision');
  if (revision.object !== 'revision') fail('revision.object', 'must be "revision"');
  for (const key of ['pages', 'files', 'reusableContents'] as const) if (!Array.isArray(revision[key])) fail(`revision.${key}`, 'must be a list');
  if (typeof revision.id !== 'string') fail('revision.id', 'must be a string');

  const documents = stringMap(root.documents, 'documents');
  const files = mapValues(stringMap(root.files, 'files'), (value, key) => fromBase64(value, `files.${key}`));
  const rawSource = record(root.source, 'source');
  const source: DirectorySource = {
    root: typeof rawSource.root === 'string' ? rawSource.root : fail('source.root', 'must be a string'),
    structure: structureOf(rawSource.structure),
    redirects: stringMap(rawSource.redirects, 'source.redirects'),
    heads: stringMap(rawSource.heads, 'source.heads'),
    summaryTitles: summaryTitlesOf(rawSource.summaryTitles),
    extra: mapValues(stringMap(rawSource.extra, 'source.extra'), (value, key) => fromBase64(value, `source.extra.${key}`)),
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

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function fromBase64(text: string, field: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) fail(field, 'must be base64');
  return new Uint8Array(Buffer.from(text, 'base64'));
}
