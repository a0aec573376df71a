import type { ContentRefFile, ContentRefURL, RevisionPageDocumentCover } from '@gitbook/api';
import { describeValue, isRecord, type FrontmatterProblem } from './frontmatter-problem.ts';
import type { ReferenceResolver } from './page-metadata.ts';

/**
 * The frontmatter `cover:` key. FORMAT.md, "Page files": the hosted exporter writes either a path or URL
 * (`cover: .gitbook/assets/a.png`) or, for a page with a dark-mode image, a map
 * (`cover:` / `  light: <path>` / `  dark: <path>`), read into the published `RevisionPageDocumentCover`'s
 * `ref` and `refDark`. `coverY` and `coverHeight` are separate keys, read by the caller.
 */

/** The cover as written: one target, or the light and dark targets of the map form. */
export type WrittenCover = string | { light?: string; dark?: string };

const mapKeys = ['light', 'dark'] as const;

/**
 * Reads a `cover:` value. A target naming a file the directory lacks is a `missing-target` problem and is left
 * out of the cover; anything else that is not a path, URL or light/dark map is `not-understood`.
 *
 * @example
 * readCover({ light: 'a.png', dark: 'b.png' }, resolver, problems) // → { ref: <a.png>, refDark: <b.png>, yPos: 0 }
 */
export function readCover(value: unknown, resolver: ReferenceResolver, problems: FrontmatterProblem[]): RevisionPageDocumentCover | undefined {
  const resolve = (target: string, key: string): ContentRefFile | ContentRefURL | undefined => {
    const ref = resolver.fileRef(target);
    if (ref === undefined) problems.push({ key, kind: 'missing-target', message: `${key} \`${target}\` is not a file of the directory; the page is imported without it` });
    return ref;
  };
  if (typeof value === 'string' && value !== '') {
    const ref = resolve(value, 'cover');
    return ref === undefined ? undefined : { ref, yPos: 0 };
  }
  if (!isRecord(value)) {
    problems.push({ key: 'cover', kind: 'not-understood', message: `cover must be a path, a URL or a map { light: <path>, dark: <path> }, got ${describeValue(value)}` });
    return undefined;
  }
  const cover: RevisionPageDocumentCover = { yPos: 0 };
  for (const key of Object.keys(value)) {
    if (!(mapKeys as readonly string[]).includes(key)) problems.push({ key: `cover.${key}`, kind: 'not-understood', message: `cover has an unknown key \`${key}\` (expected light and dark)` });
  }
  for (const key of mapKeys) {
    const target = value[key];
    if (target === undefined || target === null) continue;
    if (typeof target !== 'string' || target === '') {
      problems.push({ key: `cover.${key}`, kind: 'not-understood', message: `cover.${key} must be a path or URL, got ${describeValue(target)}` });
      continue;
    }
    const ref = resolve(target, `cover.${key}`);
    if (ref === undefined) continue;
    if (key === 'light') cover.ref = ref;
    else cover.refDark = ref;
  }
  return cover.ref === undefined && cover.refDark === undefined ? undefined : cover;
}

/**
 * The `cover:` value to write: a map (light, then dark) when the cover has a dark-mode image, else the one
 * target; undefined when no image of the cover can be written.
 *
 * @example
 * writeCover({ ref: { kind: 'url', url: 'https://x/a.png' }, yPos: 0 }, resolver) // → 'https://x/a.png'
 */
export function writeCover(cover: RevisionPageDocumentCover, resolver: ReferenceResolver): WrittenCover | undefined {
  const light = cover.ref ? resolver.fileTarget(cover.ref) : undefined;
  const dark = cover.refDark ? resolver.fileTarget(cover.refDark) : undefined;
  if (dark === undefined) return light;
  return { ...(light === undefined ? {} : { light }), dark };
}
