import { describe, expect, it } from 'vitest';
import type { ContentChange } from '../client/index.ts';
import type { SendableChange } from './planned-change.ts';
import { detachFromRefused, smallerParts, noteRefused, refusedItems, type RefusedCreations } from './refused-changes.ts';

const planned = (change: Record<string, unknown>, extra: Partial<SendableChange> = {}): SendableChange => ({
  change: change as unknown as ContentChange,
  creates: [],
  needs: [],
  items: [{ outcome: 'created', side: 'space', kind: 'page', path: 'child.md', title: 'Child' }],
  weight: 0,
  ...extra,
});

/** `broken/README.md` (placeholder @quire-page-1, under the existing page `guideId`) was refused. */
function refusedBroken(into: string | null = 'guideId'): RefusedCreations {
  const refused: RefusedCreations = new Map();
  const insert = planned({ operation: 'insert_page', ref: 'quire-page-1', ...(into === null ? {} : { into }), at: 2 }, {
    creates: ['@quire-page-1'],
    items: [{ outcome: 'created', side: 'space', kind: 'page', path: 'broken/README.md' }],
  });
  noteRefused(refused, insert);
  return refused;
}

describe('refusedItems', () => {
  it('marks the items failed with the reason, without the place in the batch, and reads the line the space names', () => {
    const [item] = refusedItems(
      [{ outcome: 'created', side: 'space', kind: 'page', path: 'broken.md', title: 'Broken' }],
      'changes[4].document.markdown: the frontmatter is not valid YAML on line 2: bad indentation',
    );
    expect(item).toEqual({
      outcome: 'failed',
      side: 'space',
      kind: 'page',
      path: 'broken.md',
      title: 'Broken',
      line: 2,
      detail: 'document.markdown: the frontmatter is not valid YAML on line 2: bad indentation',
    });
    expect(refusedItems([{ outcome: 'created', side: 'space', kind: 'file', path: 'a.png' }], 'changes[0].files[0].name: not a file name')[0]).not.toHaveProperty('line');
  });
});

describe('detachFromRefused', () => {
  it('places a page meant to go under a refused page under that page\'s parent, at the end, and says so', () => {
    const child = planned({ operation: 'insert_page', ref: 'quire-page-2', into: '@quire-page-1', at: 0 }, { needs: ['@quire-page-1'], creates: ['@quire-page-2'] });
    const detached = detachFromRefused(child, ['@quire-page-1'], refusedBroken());
    expect(detached).toEqual({
      change: { ...child, change: { operation: 'insert_page', ref: 'quire-page-2', into: 'guideId' }, needs: [] },
      note: 'placed higher up: broken/README.md was refused',
    });
  });

  it('moves a page to the root (into: null) when the refused page was at the root', () => {
    const move = planned({ operation: 'update_page', page: 'childId', into: '@quire-page-1', at: 0 }, { needs: ['@quire-page-1'] });
    const detached = detachFromRefused(move, ['@quire-page-1'], refusedBroken(null));
    expect('change' in detached && detached.change.change).toEqual({ operation: 'update_page', page: 'childId', into: null });
  });

  it('leaves a refused page\'s title out of SUMMARY.md and keeps the others', () => {
    const directory = planned(
      { operation: 'quire_set_directory', source: { summaryTitles: { '@quire-page-1': { summary: 'B', title: 'B' }, homeId: { summary: 'Home', title: 'Welcome' } } } },
      { needs: ['@quire-page-1'] },
    );
    const detached = detachFromRefused(directory, ['@quire-page-1'], refusedBroken());
    expect('change' in detached && detached.change.change).toEqual({ operation: 'quire_set_directory', source: { summaryTitles: { homeId: { summary: 'Home', title: 'Welcome' } } } });
    expect('note' in detached).toBe(false);
  });

  it('refuses a change that names the refused page otherwise (a link to it), naming its file', () => {
    const link = planned({ operation: 'quire_insert_page', type: 'link', target: { kind: 'page', page: '@quire-page-1' } }, { needs: ['@quire-page-1'] });
    expect(detachFromRefused(link, ['@quire-page-1'], refusedBroken())).toEqual({ reason: 'names broken/README.md, which the space refused' });
  });
});

describe('smallerParts', () => {
  it('splits an insert of several files into one change per file, each with its ref and item', () => {
    const insert = planned(
      { operation: 'insert_files', files: [{ ref: 'quire-file-1' }, { ref: 'quire-file-2' }] },
      {
        creates: ['@quire-file-1', '@quire-file-2'],
        items: [
          { outcome: 'created', side: 'space', kind: 'file', path: 'a.png' },
          { outcome: 'created', side: 'space', kind: 'file', path: 'b.png' },
        ],
        weight: 10,
      },
    );
    const split = smallerParts(insert)!;
    expect(split.map((part) => [part.change, part.creates, part.items.map((item) => item.path)])).toEqual([
      [{ operation: 'insert_files', files: [{ ref: 'quire-file-1' }] }, ['@quire-file-1'], ['a.png']],
      [{ operation: 'insert_files', files: [{ ref: 'quire-file-2' }] }, ['@quire-file-2'], ['b.png']],
    ]);
    expect(smallerParts(planned({ operation: 'delete_page', page: 'x' }))).toBeUndefined();
  });

  it('splits the variables out of a directory change that sets more, with their item', () => {
    const directory = planned(
      { operation: 'quire_set_directory', source: { summaryText: '* [A](a.md)\n', varsText: 'a: b\n' }, variables: { a: 'b' } },
      {
        items: [
          { outcome: 'updated', side: 'space', kind: 'directory', path: 'SUMMARY.md' },
          { outcome: 'updated', side: 'space', kind: 'directory', path: '.gitbook/vars.yaml' },
        ],
      },
    );
    expect(smallerParts(directory)!.map((part) => [part.change, part.items.map((item) => item.path)])).toEqual([
      [{ operation: 'quire_set_directory', source: { summaryText: '* [A](a.md)\n' } }, ['SUMMARY.md']],
      [{ operation: 'quire_set_directory', source: { varsText: 'a: b\n' }, variables: { a: 'b' } }, ['.gitbook/vars.yaml']],
    ]);
    expect(smallerParts(planned({ operation: 'quire_set_directory', source: {}, variables: { a: 'b' } }))).toBeUndefined();
  });
});
