import { describe, expect, it } from 'vitest';
import type { ContentChange } from '../client/index.ts';
import { encodeBatchAhead, resolvePlaceholders } from './batch-body.ts';
import type { SendableChange } from './planned-change.ts';

/** A page insert as content-changes.ts plans it: its ref, and its parent's placeholder (the root when undefined). */
const insert = (ref: string, parent: string | undefined, markdown = `# ${ref} → “quoted”\n`): SendableChange => ({
  change: { operation: 'insert_page', ref, ...(parent === undefined ? {} : { into: `@quire-${parent}` }), title: ref, document: { markdown } } as unknown as ContentChange,
  creates: [`@quire-${ref}`],
  needs: parent === undefined ? [] : [`@quire-${parent}`],
  items: [],
  weight: 1,
});

const decoded = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as { changes: unknown[] };

describe('resolvePlaceholders', () => {
  it('replaces each placeholder the space gave an id for, in every field that names a page or file, and leaves the others', () => {
    const ids = new Map([
      ['@quire-a', 'p1'],
      ['@quire-f', 'f9'],
    ]);
    const change = {
      operation: 'quire_move_page',
      page: '@quire-a',
      into: '@quire-b',
      target: { page: '@quire-a', file: '@quire-f' },
      source: { summaryTitles: { '@quire-a': 'A', p7: 'Seven' } },
    } as unknown as ContentChange;
    expect(resolvePlaceholders(change, ids)).toEqual({
      operation: 'quire_move_page',
      page: 'p1',
      into: '@quire-b',
      target: { page: 'p1', file: 'f9' },
      source: { summaryTitles: { p1: 'A', p7: 'Seven' } },
    });
    expect((change as unknown as { page: string }).page).toBe('@quire-a'); // the plan's change is left as it was
  });
});

describe('encodeBatchAhead', () => {
  it('gives the body sendBatch would send: every change with its placeholders resolved, in UTF-8', () => {
    const batch = [insert('a', 'root'), insert('b', undefined), insert('c', 'root', 'Ünïcödé 🚀\n')];
    const ids = new Map([['@quire-root', 'p0']]);
    const body = encodeBatchAhead(batch, ids)!;
    expect(body.count).toBe(3);
    expect(Buffer.from(body.bytes).equals(Buffer.from(JSON.stringify({ changes: batch.map((planned) => resolvePlaceholders(planned.change, ids)) }), 'utf8'))).toBe(true);
    expect(decoded(body.bytes).changes.map((change) => (change as { into?: string }).into)).toEqual(['p0', undefined, 'p0']);
  });

  it('makes nothing for a batch that needs an id the batch before has not given yet', () => {
    expect(encodeBatchAhead([insert('b', undefined), insert('a', 'root')], new Map())).toBeUndefined();
    expect(encodeBatchAhead([insert('a', 'root')], new Map([['@quire-other', 'p3']]))).toBeUndefined();
  });

  it('makes nothing for a batch that uploads a file first (a refused upload leaves its change out of the body)', () => {
    const withUpload: SendableChange = { ...insert('a', undefined), uploads: [{ blob: 'b'.repeat(64), bytes: new Uint8Array([1]) }] };
    expect(encodeBatchAhead([insert('b', undefined), withUpload], new Map())).toBeUndefined();
    expect(encodeBatchAhead([{ ...withUpload, uploads: [] }], new Map())).toBeDefined();
  });
});
