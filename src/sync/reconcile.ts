/**
 * The three-way reconciliation of what Git and the space changed since the sync point, path by path: a path
 * changed on one side takes that side's bytes; changed on both, the same way, is agreed; changed differently,
 * its texts are merged line by line (diff3, as Git merges), and what cannot be merged is a conflict unless a
 * side is preferred. Nothing is overwritten in silence.
 */
// Not the barrel: it would load the service's search (the Markdown parsers), 0.15 s of every sync's start-up.
import { mergeText } from '../content/merge-text.ts';
import { sameBytes, type DirectoryDelta } from './directory-delta.ts';
import type { SyncPreference } from './sync-options.ts';

/** A path both sides changed in ways that cannot be combined. */
export interface SyncConflict {
  path: string;
  /** `both-changed`: both edited the text on the same lines; `deleted-changed`: one side deleted, the other edited; `binary`: not text. */
  reason: 'both-changed' | 'deleted-changed' | 'binary';
}

export interface Reconciliation {
  /** Every path changed on either side, with the bytes (or `null`, deleted) both sides should end with. */
  merged: Map<string, Uint8Array | null>;
  /** Paths both sides changed, differently, whose result is a text merge or the preferred side. */
  combined: Set<string>;
  conflicts: SyncConflict[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reconciles `git` and `space` (changes since the sync point). `base` gives a path's bytes at the sync point
 * (needed only for paths both sides changed); `prefer` settles what cannot be merged.
 *
 * @example
 * const { merged, conflicts } = reconcile(git, space, (path) => baseFiles.get(path));
 * if (conflicts.length > 0) console.log(conflicts.map((conflict) => conflict.path));
 */
export function reconcile(
  git: DirectoryDelta,
  space: DirectoryDelta,
  base: (path: string) => Uint8Array | undefined,
  prefer?: SyncPreference,
): Reconciliation {
  const merged = new Map<string, Uint8Array | null>();
  const combined = new Set<string>();
  const conflicts: SyncConflict[] = [];
  for (const [path, ours] of git) {
    if (!space.has(path)) merged.set(path, ours);
  }
  for (const [path, theirs] of space) {
    if (!git.has(path)) {
      merged.set(path, theirs);
      continue;
    }
    const ours = git.get(path)!;
    if (sameBytes(ours, theirs)) {
      merged.set(path, ours);
      continue;
    }
    combined.add(path);
    const result = mergeFile(base(path), ours, theirs);
    if (result.ok) merged.set(path, result.bytes);
    else if (prefer !== undefined) merged.set(path, prefer === 'git' ? ours : theirs);
    else {
      conflicts.push({ path, reason: result.reason });
      merged.set(path, ours);
    }
  }
  return { merged, combined, conflicts };
}

type FileMerge = { ok: true; bytes: Uint8Array | null } | { ok: false; reason: SyncConflict['reason'] };

function mergeFile(base: Uint8Array | undefined, ours: Uint8Array | null, theirs: Uint8Array | null): FileMerge {
  if (ours === null || theirs === null) return { ok: false, reason: 'deleted-changed' };
  const texts = [base ?? new Uint8Array(), ours, theirs].map(decode);
  if (texts.some((text) => text === undefined)) return { ok: false, reason: 'binary' };
  const [baseText, oursText, theirsText] = texts as [string, string, string];
  const text = mergeText(baseText, oursText, theirsText);
  return text === undefined ? { ok: false, reason: 'both-changed' } : { ok: true, bytes: new TextEncoder().encode(text) };
}

function decode(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
