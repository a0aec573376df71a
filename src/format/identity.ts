import { contentId } from '../model/content-id.ts';

/** Something of a previous revision that a newly read entry may be the same as. */
export interface PreviousEntry {
  id: string;
  path: string;
  oid?: string;
  /** The text, for rename detection by similarity (Markdown files only). */
  text?: string;
}

/**
 * Gives ids to what is read from a directory. Without a previous revision, an id is derived from the path, so
 * reading the same directory twice gives the same ids. With one (FORMAT.md, fidelity guarantee 4), an entry keeps
 * the id of the previous entry at the same path, else of a previous entry whose path is gone and whose blob oid
 * is the same (a rename), else of one whose text is at least half the same (Git's rename detection).
 */
export class IdAllocator {
  private readonly used = new Set<string>();
  private readonly byPath = new Map<string, PreviousEntry>();
  private readonly byOid = new Map<string, PreviousEntry[]>();
  private readonly gone: Set<PreviousEntry>;

  constructor(
    private readonly kind: string,
    previous: readonly PreviousEntry[],
    currentPaths: ReadonlySet<string>,
  ) {
    for (const entry of previous) {
      this.byPath.set(entry.path, entry);
      if (entry.oid) this.byOid.set(entry.oid, [...(this.byOid.get(entry.oid) ?? []), entry]);
    }
    this.gone = new Set(previous.filter((entry) => !currentPaths.has(entry.path)));
  }

  /** The id for the entry at `path`, exact matches only (same path, or same oid at a path that is gone). */
  exact(path: string, oid: string): string | undefined {
    const samePath = this.byPath.get(path);
    if (samePath && !this.used.has(samePath.id)) return this.take(samePath.id);
    const renamed = this.byOid.get(oid)?.find((entry) => !this.used.has(entry.id) && this.gone.has(entry));
    return renamed ? this.take(renamed.id) : undefined;
  }

  /** The id of a gone entry whose text is similar enough, for entries `exact` did not match. */
  similar(text: string): string | undefined {
    let best: { id: string; score: number } | undefined;
    const candidates = [...this.gone].filter((entry) => entry.text !== undefined && !this.used.has(entry.id));
    if (candidates.length === 0 || candidates.length > 500) return undefined;
    for (const entry of candidates) {
      const score = similarity(text, entry.text!);
      if (score >= 0.5 && (!best || score > best.score)) best = { id: entry.id, score };
    }
    return best ? this.take(best.id) : undefined;
  }

  /** A new id derived from the path, never one already given. */
  derived(path: string): string {
    let id = contentId(`${this.kind}:${path}`);
    for (let counter = 1; this.used.has(id); counter++) id = contentId(`${this.kind}:${path}#${counter}`);
    return this.take(id);
  }

  /** Marks an id as given (ids claimed by exact matches must not be derived again). */
  private take(id: string): string {
    this.used.add(id);
    return id;
  }

  /** Claims an id known to belong to this kind, so `derived` never hands it out. */
  reserve(id: string): void {
    this.used.add(id);
  }
}

/** The share of lines two texts have in common (a multiset Dice coefficient), from 0 to 1. */
export function similarity(a: string, b: string): number {
  const linesA = a.split('\n').filter((line) => line.trim() !== '');
  const linesB = b.split('\n').filter((line) => line.trim() !== '');
  if (linesA.length === 0 && linesB.length === 0) return a === b ? 1 : 0;
  const counts = new Map<string, number>();
  for (const line of linesA) counts.set(line, (counts.get(line) ?? 0) + 1);
  let common = 0;
  for (const line of linesB) {
    const count = counts.get(line) ?? 0;
    if (count > 0) {
      common++;
      counts.set(line, count - 1);
    }
  }
  return (2 * common) / (linesA.length + linesB.length);
}
