import { describe, expect, it } from 'vitest';
import type { ContentChange } from '../client/index.ts';
import { batchChanges, batchLimitsOf, estimatedChangeBytes, halves, maxBatchBytes, publishedBatchLimits } from './change-batches.ts';
import type { PlannedChange } from './planned-change.ts';

const planned = (id: string, extra: Partial<PlannedChange> = {}): PlannedChange => ({
  change: { operation: 'delete_page', page: id } as ContentChange,
  creates: [],
  needs: [],
  items: [],
  weight: 1,
  ...extra,
});

const page = (id: string, markdown: string): PlannedChange => planned(id, { change: { operation: 'update_page', page: id, document: { markdown } } as unknown as ContentChange });

/** A page insert as content-changes.ts plans it: its ref, and its parent's placeholder (the root when undefined). */
const insert = (ref: string, parent: string | undefined): PlannedChange =>
  planned(ref, {
    change: { operation: 'insert_page', ref, ...(parent === undefined ? {} : { into: `@${parent}` }), document: { markdown: `# ${ref}\n` } } as unknown as ContentChange,
    creates: [`@${ref}`],
    needs: parent === undefined ? [] : [`@${parent}`],
  });
const refOf = (item: PlannedChange) => ((item.change as { ref?: string; page?: string }).ref ?? (item.change as { page: string }).page);

/** The body `updateChangeRequestContent` sends for a batch. */
const bodyBytes = (batch: readonly PlannedChange[]) => Buffer.byteLength(JSON.stringify({ changes: batch.map((item) => item.change) }), 'utf8');

describe('batchChanges', () => {
  it('cuts at 50 changes', () => {
    const batches = batchChanges(Array.from({ length: 120 }, (_, index) => planned(`p${index}`)));
    expect(batches.map((batch) => batch.length)).toEqual([50, 50, 20]);
  });

  it('never puts a change in the batch that creates what it names', () => {
    const batches = batchChanges([planned('a', { creates: ['@quire-page-1'] }), planned('b'), planned('c', { needs: ['@quire-page-1'] }), planned('d')]);
    expect(batches.map((batch) => batch.map((item) => (item.change as { page: string }).page))).toEqual([['a', 'b'], ['c', 'd']]);
  });

  it('packs a tree planned parent before children into full batches: a page goes into the first batch after the one of its parent', () => {
    // 10 sections at the root, 30 pages in each, planned as content-changes.ts plans a tree: each section, then its pages.
    const tree: PlannedChange[] = [];
    for (let section = 0; section < 10; section++) {
      tree.push(insert(`s${section}`, undefined));
      for (let index = 0; index < 30; index++) tree.push(insert(`s${section}-p${index}`, `s${section}`));
    }
    const batches = batchChanges(tree);
    expect(batches.map((batch) => batch.length)).toEqual([10, 50, 50, 50, 50, 50, 50]);
    const placed = new Map(batches.flatMap((batch, index) => batch.map((item) => [refOf(item), index] as const)));
    for (const item of tree) for (const need of item.needs) expect(placed.get(refOf(item))!).toBeGreaterThan(placed.get(need.slice(1))!);
    // Within a parent, pages keep their planned order.
    const order = batches.flat().map(refOf);
    for (let section = 0; section < 10; section++) {
      const pages = order.filter((ref) => ref.startsWith(`s${section}-`));
      expect(pages).toEqual(Array.from({ length: 30 }, (_, index) => `s${section}-p${index}`));
    }
  });

  it('never moves a page insert before a change planned earlier that is not one (a move, a delete)', () => {
    const batches = batchChanges([insert('a', undefined), insert('b', 'a'), planned('x'), insert('c', undefined), insert('d', 'a')]);
    expect(batches.map((batch) => batch.map(refOf))).toEqual([['a'], ['b', 'x', 'c', 'd']]);
  });

  it('cuts by the bytes of the body as sent, whatever the planned weight says, and leaves out planned failures', () => {
    const text = 'x'.repeat(600);
    const batches = batchChanges([page('a', text), page('b', text), { ...planned('x'), change: undefined as unknown as ContentChange }], { maxChanges: 50, maxBytes: 1000 });
    expect(batches.map((batch) => batch.length)).toEqual([1, 1]);
  });

  it('keeps every body of 409 medium pages under the limit, counting JSON escapes and UTF-8, with no empty batch', () => {
    // Quotes, newlines and non-ASCII text grow in JSON: a body measured by the length of the Markdown would pass the limit.
    const markdown = `# Café\n${'"é\n'.repeat(30_000)}`;
    expect(estimatedChangeBytes(page('p', markdown).change)).toBeGreaterThan(2 * markdown.length);
    const changes = Array.from({ length: 409 }, (_, index) => page(`p${index}`, markdown));
    const batches = batchChanges(changes);
    expect(batches.flat()).toHaveLength(409);
    for (const batch of batches) {
      expect(batch.length).toBeGreaterThan(0);
      expect(bodyBytes(batch)).toBeLessThanOrEqual(maxBatchBytes);
    }
    expect(batches.length).toBeGreaterThan(Math.ceil(409 / 50));
    expect(batches.length).toBeLessThanOrEqual(Math.ceil((409 * estimatedChangeBytes(changes[0]!.change)) / maxBatchBytes) + 1);
  });

  it('sends a change larger than the limit alone', () => {
    const batches = batchChanges([planned('a'), page('big', 'y'.repeat(3000)), planned('b')], { maxChanges: 50, maxBytes: 1000 });
    expect(batches.map((batch) => batch.length)).toEqual([1, 1, 1]);
  });
});

describe('batchLimitsOf', () => {
  const info = (extensions: string[], maxGitBatchChanges?: number) => ({ object: 'quire' as const, version: '0.1.0', extensions, limits: { maxFileBytes: 1e8, ...(maxGitBatchChanges === undefined ? {} : { maxGitBatchChanges }) } });

  it('takes the batch size a server announces with git-batches', () => {
    expect(batchLimitsOf(info(['git-batches'], 500))).toEqual({ maxChanges: 500, maxBytes: maxBatchBytes });
  });

  it('keeps the published 50 without the extension, without a limit, with a nonsense one, or with no server info', () => {
    expect(batchLimitsOf(info([], 500))).toEqual(publishedBatchLimits);
    expect(batchLimitsOf(info(['git-batches']))).toEqual(publishedBatchLimits);
    expect(batchLimitsOf(info(['git-batches'], 12.5))).toEqual(publishedBatchLimits);
    expect(batchLimitsOf(info(['git-batches'], 10))).toEqual(publishedBatchLimits);
    expect(batchLimitsOf(undefined)).toEqual({ maxChanges: 50, maxBytes: maxBatchBytes });
  });
});

describe('halves', () => {
  it('cuts a batch in two non-empty halves (a batch of one is not cut)', () => {
    expect(halves([1, 2, 3])).toEqual([[1], [2, 3]]);
    expect(halves([1, 2])).toEqual([[1], [2]]);
  });
});
