/**
 * Where the space keeps what came from Git: for each Git path, the page, file or reusable content recorded
 * with it (`git.path`) and the little the quick way (fast-content-changes.ts) needs to update it in place. Pure:
 * read from a revision's content here, or from the location cache (location-cache.ts) for just the paths a
 * push changed.
 */
import type { RevisionPage } from '@gitbook/api';
import type { RevisionContent } from './sync-sides.ts';

/** What the space keeps at one Git path. */
export type GitPathLocation =
  | { kind: 'page'; id: string; title: string }
  | { kind: 'file'; id: string; name: string; contentType: string }
  | { kind: 'reusable-content'; id: string; title: string };

/** Git path → location. A partial map (the cache's answer for some paths) holds at least the paths asked for that the space has. */
export type GitPathLocations = ReadonlyMap<string, GitPathLocation>;

/**
 * Every Git path of a revision's content: document pages at any depth, files and reusable contents.
 *
 * @example
 * locationsOf(revision).get('guide/install.md') // → { kind: 'page', id: 'p1', title: 'Install' }
 */
export function locationsOf(content: RevisionContent): Map<string, GitPathLocation> {
  const located = new Map<string, GitPathLocation>();
  const walk = (pages: readonly RevisionPage[]) => {
    for (const page of pages) {
      if (page.type === 'document' && page.git?.path) located.set(page.git.path, { kind: 'page', id: page.id, title: page.title });
      if ('pages' in page && Array.isArray(page.pages)) walk(page.pages as RevisionPage[]);
    }
  };
  walk(content.pages);
  for (const file of content.files) if (file.git?.path) located.set(file.git.path, { kind: 'file', id: file.id, name: file.name, contentType: file.contentType });
  for (const reusable of content.reusableContents) if (reusable.git?.path) located.set(reusable.git.path, { kind: 'reusable-content', id: reusable.id, title: reusable.title });
  return located;
}

/**
 * True when `value` is a well-formed location (as read back from a file that may be damaged).
 *
 * @example
 * isGitPathLocation({ kind: 'page', id: 'p1', title: 'Install' }) // → true
 */
export function isGitPathLocation(value: unknown): value is GitPathLocation {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (typeof record['id'] !== 'string' || record['id'] === '') return false;
  switch (record['kind']) {
    case 'page':
    case 'reusable-content':
      return typeof record['title'] === 'string';
    case 'file':
      return typeof record['name'] === 'string' && typeof record['contentType'] === 'string';
    default:
      return false;
  }
}
