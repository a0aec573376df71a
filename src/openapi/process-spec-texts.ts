import { createHash } from 'node:crypto';
import { filesystemOfTexts } from './load-spec-filesystem.ts';
import { isOpenApiProcessingError, type OpenApiProblem, type OpenApiProcessingErrorCode } from './processing-error.ts';
import type { SpecFilesystem } from './spec-filesystem.ts';
import { maxKeptProblems, validatedDocument } from './validate-spec.ts';

/** The fetched texts of a spec, by path relative to the entry point's folder (the entry point under `entryName`). */
export interface SpecTexts {
  entryName: string;
  texts: Record<string, string>;
  /** False for a spec given as text: its relative `$ref`s are kept as written, not read. */
  followReferences: boolean;
}

/**
 * What the texts of a spec make: its filesystem and content hash; the files still to fetch (`needs`); or the
 * published code of the failure with its first `maxKeptProblems` problems and their count. Plain data, so it
 * crosses a worker thread's boundary as it is.
 */
export type SpecTextsOutcome =
  | { kind: 'processed'; filesystem: SpecFilesystem; contentHash: string }
  | { kind: 'needs'; paths: string[] }
  | { kind: 'failed'; code: OpenApiProcessingErrorCode; problems: OpenApiProblem[]; problemCount: number };

/**
 * The CPU part of processing a spec, with no I/O (it runs in a worker thread, openapi-text-processing.ts): parses
 * the texts (YAML or JSON), builds the filesystem a version keeps, validates it, and hashes it. A file the texts
 * lack is answered as `needs`, for the caller to fetch and ask again with it.
 *
 * @example
 * await processSpecTexts({ entryName: 'openapi.yaml', texts: { 'openapi.yaml': text }, followReferences: true }) // → { kind: 'processed', filesystem, contentHash }
 */
export async function processSpecTexts(request: SpecTexts): Promise<SpecTextsOutcome> {
  try {
    const built = filesystemOfTexts(request.entryName, request.texts, request.followReferences);
    if (built.kind === 'missing') return { kind: 'needs', paths: built.paths };
    await validatedDocument(built.filesystem);
    return { kind: 'processed', filesystem: built.filesystem, contentHash: createHash('sha256').update(JSON.stringify(built.filesystem)).digest('hex') };
  } catch (error) {
    if (!isOpenApiProcessingError(error)) throw error;
    return { kind: 'failed', code: error.code, problems: error.problems.slice(0, maxKeptProblems), problemCount: error.problems.length };
  }
}
