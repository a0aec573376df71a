import type { RevisionPageTag } from '@gitbook/api';
import { describeValue, isRecord, type FrontmatterProblem } from './frontmatter-problem.ts';

/**
 * The frontmatter `tags:` key. FORMAT.md, "Page files": a list whose items are a tag slug (`- beta`) or, for the
 * page's primary tag, a map (`- tag: new` / `  primary: true`), read into the published `RevisionPageTag`.
 */

export type WrittenTag = string | { tag: string; primary: true };

/**
 * Reads a `tags:` value. Items that are neither a slug nor a `{ tag, primary }` map are reported one by one
 * (which item, and why) and left out; the others are read.
 *
 * @example
 * readTags([{ tag: 'new', primary: true }, 'beta'], problems)
 * // → [{ tag: { kind: 'tag', tag: 'new' }, primary: true }, { tag: { kind: 'tag', tag: 'beta' } }]
 */
export function readTags(value: unknown, problems: FrontmatterProblem[]): RevisionPageTag[] {
  const problem = (message: string, index?: number) =>
    problems.push({ key: index === undefined ? 'tags' : `tags.${index}`, kind: 'not-understood', message });
  if (!Array.isArray(value)) {
    problem(`tags must be a list of tag slugs (or { tag: <slug>, primary: true } maps), got ${describeValue(value)}`);
    return [];
  }
  const tags: RevisionPageTag[] = [];
  value.forEach((item: unknown, index) => {
    const which = `tags item ${index + 1}`;
    if (typeof item === 'string' && item !== '') {
      tags.push({ tag: { kind: 'tag', tag: item } });
      return;
    }
    if (!isRecord(item)) {
      problem(`${which} must be a tag slug or a map { tag: <slug>, primary: true }, got ${describeValue(item)}`, index);
      return;
    }
    const unknown = Object.keys(item).filter((key) => key !== 'tag' && key !== 'primary');
    if (typeof item.tag !== 'string' || item.tag === '') {
      problem(`${which} is a map without a tag slug: \`tag\` must be a non-empty string, got ${describeValue(item.tag)}`, index);
      return;
    }
    if (item.primary !== undefined && typeof item.primary !== 'boolean') {
      problem(`${which} (${item.tag}): \`primary\` must be true or false, got ${describeValue(item.primary)}`, index);
      return;
    }
    if (unknown.length > 0) problem(`${which} (${item.tag}) has unknown key(s) ${unknown.map((key) => `\`${key}\``).join(', ')} (expected tag and primary)`, index);
    tags.push({ tag: { kind: 'tag', tag: item.tag }, ...(item.primary === true ? { primary: true } : {}) });
  });
  return tags;
}

/**
 * The `tags:` items to write: the slug, or a `{ tag, primary: true }` map for a primary tag.
 *
 * @example
 * writeTags([{ tag: { kind: 'tag', tag: 'new' }, primary: true }]) // → [{ tag: 'new', primary: true }]
 */
export function writeTags(tags: readonly RevisionPageTag[]): WrittenTag[] {
  return tags.map((entry) => (entry.primary === true ? { tag: entry.tag.tag, primary: true } : entry.tag.tag));
}
