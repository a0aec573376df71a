/**
 * The quick way from Git to the space for the most common push: files edited in place. When every path that
 * changed is a page, file or reusable content the space already has at that Git path, and neither SUMMARY.md,
 * `.gitbook.yaml` nor the variables changed, the changes are one update per file, planned from the changed blobs
 * alone, without reading the rest of the repository: the cost follows the size of the change, not of the space.
 * Anything else (an added or deleted file, a page whose title line changed, a path the space does not know) takes
 * the full way (`planContentChanges`).
 */
import type { ContentChange } from '../client/index.ts';
import { coverTargets } from '../format/cover-targets.ts';
import { frontmatterDiagnostics } from '../format/frontmatter-diagnostics.ts';
import { gitBlobOid } from '../format/git-oid.ts';
import { readPageHead } from '../format/page-head.ts';
import type { ReferenceResolver } from '../format/page-metadata.ts';
import { splitPageFile } from '../format/page-file.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import { fileBytesChange } from './file-bytes-change.ts';
import { fileRefusal, publishedFileLimits, type FileLimits } from './file-limits.ts';
import type { GitPathLocations } from './git-path-locations.ts';
import { pageFieldClears } from './page-field-clears.ts';
import type { PlannedChange } from './planned-change.ts';

/** A file that changed in Git: its bytes at the sync point and now. */
export interface ChangedFile {
  path: string;
  before: Uint8Array | null;
  after: Uint8Array | null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Keeps frontmatter targets as written: only the metadata's presence matters here. */
const keepAsWritten: ReferenceResolver = {
  fileRef: (target) => ({ kind: 'url', url: target }),
  pageRef: (target) => ({ kind: 'url', url: target }),
  fileTarget: (ref) => (ref.kind === 'url' ? ref.url : undefined),
  pageTarget: (ref) => (ref.kind === 'url' ? ref.url : undefined),
};

/**
 * The paths whose change alters the directory's structure: `.gitbook.yaml`, SUMMARY.md and the variables.
 *
 * @example
 * structurePaths({ root: 'docs/', summary: 'SUMMARY.md' }) // → Set { '.gitbook.yaml', 'docs/SUMMARY.md', 'docs/.gitbook/vars.yaml' }
 */
export function structurePaths(config: { root: string; summary: string }): Set<string> {
  return new Set(['.gitbook.yaml', `${config.root}${config.summary}`, `${config.root}.gitbook/vars.yaml`]);
}

/**
 * True when `paths` (changed since the sync point, all modified in place) can take the quick way: each is
 * where the space keeps something (`located`, which must hold at least these paths when the space has them)
 * and none is structural. Checked before reading any blob.
 *
 * @example
 * if (canPlanInPlace(['guide.md'], located, structure)) readBlobs(repo, [before, after]);
 */
export function canPlanInPlace(paths: readonly string[], located: GitPathLocations, structure: ReadonlySet<string>): boolean {
  if (paths.length === 0) return false;
  return paths.every((path) => !structure.has(path) && located.has(path));
}

/** The quick way's plan: the changes, and the format's diagnostics for the pages it read. */
export interface InPlaceChanges {
  changes: PlannedChange[];
  /** Frontmatter values not understood in the changed pages (warnings), as the directory reader reports them. */
  diagnostics: Diagnostic[];
}

/**
 * The changes for files edited in place, or undefined when the quick way does not apply. `located` says where
 * the space keeps the changed paths (it may hold only those). The quick way does not see the rest of the
 * directory, so a page whose cover names other images than before takes the full way, where the reader checks
 * that they exist (and warns when they do not).
 *
 * @example
 * const planned = planInPlaceChanges([{ path: 'guide.md', before, after }], located, structure);
 * planned?.diagnostics // → warnings for the frontmatter of guide.md
 */
export function planInPlaceChanges(
  changed: readonly ChangedFile[],
  located: GitPathLocations,
  structure: ReadonlySet<string>,
  limits: FileLimits = publishedFileLimits,
): InPlaceChanges | undefined {
  if (!canPlanInPlace(changed.map((file) => file.path), located, structure)) return undefined;
  const planned: PlannedChange[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const file of changed) {
    if (file.before === null || file.after === null) return undefined;
    const where = located.get(file.path)!;
    const git = { oid: gitBlobOid(file.after), path: file.path };
    if (where.kind === 'file') {
      // A file too large is reported by the full way, which names it.
      if (fileRefusal(file.after.byteLength, limits) !== undefined) return undefined;
      const source = fileBytesChange(file.after, limits);
      planned.push({
        change: { operation: 'quire_update_file', file: where.id, ...source.fields, contentType: where.contentType, name: where.name, git },
        creates: [],
        needs: [],
        items: [{ outcome: 'updated', side: 'space', kind: 'file', path: file.path }],
        weight: source.weight,
        ...(source.upload === undefined ? {} : { uploads: [source.upload] }),
      });
      continue;
    }
    const before = decode(file.before);
    const after = decode(file.after);
    if (before === undefined || after === undefined) return undefined;
    if (where.kind === 'reusable-content') {
      planned.push({
        change: { operation: 'quire_upsert_reusable_content', reusableContent: where.id, document: { markdown: after }, git },
        creates: [],
        needs: [],
        items: [{ outcome: 'updated', side: 'space', kind: 'reusable-content', path: file.path, title: where.title }],
        weight: after.length,
      });
      continue;
    }
    // A new title line may make SUMMARY.md's entry differ from the title, which only a full read records.
    if (splitPageFile(before).title?.text !== splitPageFile(after).title?.text) return undefined;
    const oldHead = readPageHead(before, keepAsWritten);
    const newHead = readPageHead(after, keepAsWritten);
    if (oldHead.yamlError || newHead.yamlError) return undefined;
    if (!sameFrontmatterTargets(before, after)) return undefined;
    diagnostics.push(...frontmatterDiagnostics(file.path, newHead.problems));
    const change = { operation: 'update_page', page: where.id, document: { markdown: after }, git, ...pageFieldClears(oldHead.metadata, newHead.metadata) };
    planned.push({
      change: change as unknown as ContentChange,
      creates: [],
      needs: [],
      items: [{ outcome: 'updated', side: 'space', kind: 'page', path: file.path, title: where.title }],
      weight: after.length,
    });
  }
  return { changes: planned, diagnostics };
}

/** True when the frontmatter names the same cover images and meta links before and after. */
function sameFrontmatterTargets(before: string, after: string): boolean {
  const targets = (text: string) => {
    const yaml = splitPageFile(text).frontmatter?.yaml ?? '';
    const metaLinks = /^metaLinks:[^\n]*\n(?:[ \t]+[^\n]*(?:\n|$))*/m.exec(yaml)?.[0] ?? '';
    return JSON.stringify([coverTargets(yaml).map((found) => [found.key, found.target]), metaLinks]);
  };
  return targets(before) === targets(after);
}

function decode(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
