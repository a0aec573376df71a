import type { ChangeRequestContentChange } from '@gitbook/api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors/quire-error.ts';
import { documentIdOf, readDirectory } from '../format/read-directory.ts';
import { formatDiagnostic } from '../model/diagnostic.ts';
import type { RevisionSnapshot, SnapshotPage } from '../model/revision-snapshot.ts';
import { applyContentChanges } from './apply-content-changes.ts';
import { documentsFrom, type DocumentLookup } from './document-lookup.ts';
import { mergeSnapshots, type SnapshotMerge } from './merge-snapshots.ts';
import { locatePages } from './page-locations.ts';
import { deepFreeze, directoryOf, documentPage, sequentialIds, snapshotOf } from './snapshot-fixture.ts';

const lines = (...items: string[]) => items.map((item) => `${item}\n`).join('');

/** Home; Guide with Install and Deploy; FAQ. Bodies have several lines, so edits can touch different ones. */
function baseSpace() {
  const bodies = new Map<string, string>();
  const snapshot = snapshotOf(
    [
      documentPage('home', { title: 'Home', slug: 'home', body: lines('Welcome.', '', 'Second paragraph.', '', 'Third paragraph.') }, bodies),
      documentPage(
        'guide',
        {
          title: 'Guide',
          slug: 'guide',
          body: lines('Guide intro.'),
          pages: [
            documentPage('install', { title: 'Install', slug: 'install', body: lines('Step 1', 'Step 2', 'Step 3', 'Step 4', 'Step 5') }, bodies),
            documentPage('deploy', { title: 'Deploy', slug: 'deploy', body: lines('Ship it.') }, bodies),
          ],
        },
        bodies,
      ),
      documentPage('faq', { title: 'FAQ', slug: 'faq', body: lines('Q1', 'A1', '', 'Q2', 'A2') }, bodies),
    ],
    { variables: { product: 'Quire' }, tags: [{ slug: 'beta', label: 'Beta', color: 'blue' } as never] },
  );
  return { snapshot, bodies };
}

/** Applies changes to a snapshot, adding the new bodies to `bodies`. */
async function edit(snapshot: RevisionSnapshot, bodies: Map<string, string>, changes: unknown[], prefix: string): Promise<RevisionSnapshot> {
  const applied = await applyContentChanges(snapshot, documentsFrom(bodies), changes as ChangeRequestContentChange[], { newId: sequentialIds(prefix) });
  for (const [id, body] of applied.documents) bodies.set(id, body);
  return deepFreeze(applied.snapshot);
}

async function threeWay(ours: unknown[], theirs: unknown[]) {
  const { snapshot: base, bodies } = baseSpace();
  const a = await edit(base, bodies, ours, 'o');
  const b = await edit(base, bodies, theirs, 't');
  const result = await mergeSnapshots(base, a, b, documentsFrom(bodies));
  const all = new Map([...bodies, ...(result.kind === 'merged' ? result.documents : [])]);
  const page = (id: string) => (result.kind === 'merged' ? locatePages(result.snapshot.pages).get(id) : undefined);
  const body = (id: string) => {
    const documentId = (page(id)?.page as { documentId?: string } | undefined)?.documentId;
    return documentId === undefined ? '' : all.get(documentId);
  };
  const children = (id?: string) =>
    result.kind !== 'merged' ? [] : (id === undefined ? result.snapshot.pages : ((page(id)?.page as { pages: SnapshotPage[] }).pages ?? [])).map((child) => child.id);
  return { base, ours: a, theirs: b, result, page, body, children, bodies };
}

const conflictsOf = (result: SnapshotMerge) => (result.kind === 'conflicts' ? result.conflicts.map(({ pageId, field }) => ({ pageId, field })) : []);

describe('fast-forward', () => {
  it('returns the other side, unchanged, when one side is the base', async () => {
    const { snapshot: base, bodies } = baseSpace();
    const changed = await edit(base, bodies, [{ operation: 'update_page', page: 'faq', title: 'Questions' }], 'o');
    const lookup: DocumentLookup = () => {
      throw new Error('a fast-forward reads no body');
    };
    for (const [ours, theirs, expected] of [
      [base, changed, changed],
      [changed, base, changed],
      [structuredClone(base), changed, changed],
      [changed, structuredClone(base), changed],
      [changed, changed, changed],
    ] as const) {
      const result = await mergeSnapshots(base, ours, theirs, lookup);
      expect(result).toEqual({ kind: 'merged', snapshot: expected, documents: new Map() });
      if (result.kind === 'merged') expect(result.snapshot).toBe(expected);
    }
  });
});

describe('a clean three-way merge', () => {
  it('takes changes to different pages from both sides', async () => {
    const merge = await threeWay([{ operation: 'update_page', page: 'faq', title: 'Questions' }], [{ operation: 'update_page', page: 'deploy', emoji: '🚀' }]);
    expect(merge.result.kind).toBe('merged');
    expect(merge.page('faq')!.page).toMatchObject({ title: 'Questions' });
    expect(merge.page('deploy')!.page).toMatchObject({ emoji: '🚀' });
    // Untouched pages are the same objects.
    if (merge.result.kind === 'merged') expect(merge.result.snapshot.pages[0]).toBe(merge.base.pages[0]);
  });

  it('takes changes to different fields of one page', async () => {
    const merge = await threeWay([{ operation: 'update_page', page: 'faq', title: 'Questions' }], [{ operation: 'update_page', page: 'faq', emoji: '❓', hidden: true }]);
    expect(merge.page('faq')!.page).toMatchObject({ title: 'Questions', slug: 'faq', emoji: '❓', hidden: true });
  });

  it('merges a body both sides changed on different lines into a new document', async () => {
    const merge = await threeWay(
      [{ operation: 'update_page', page: 'install', document: { markdown: lines('Step one', 'Step 2', 'Step 3', 'Step 4', 'Step 5') } }],
      [{ operation: 'update_page', page: 'install', document: { markdown: lines('Step 1', 'Step 2', 'Step 3', 'Step 4', 'Step five', 'Step 6') } }],
    );
    const expected = lines('Step one', 'Step 2', 'Step 3', 'Step 4', 'Step five', 'Step 6');
    expect(merge.body('install')).toBe(expected);
    expect(merge.result.kind === 'merged' && [...merge.result.documents]).toEqual([[documentIdOf(expected), expected]]);
  });

  it('accepts the same change on both sides', async () => {
    const change = { operation: 'update_page', page: 'faq', title: 'Questions', document: { markdown: lines('Same') } };
    const merge = await threeWay([change], [change]);
    expect(merge.page('faq')!.page).toMatchObject({ title: 'Questions' });
    expect(merge.body('faq')).toBe(lines('Same'));
  });

  it('keeps pages added on both sides, in an order that does not depend on the side', async () => {
    const ours = [{ operation: 'insert_page', title: 'Ours', document: {} }];
    const theirs = [{ operation: 'insert_page', title: 'Theirs', document: {} }];
    const merge = await threeWay(ours, theirs);
    expect(merge.children()).toEqual(['home', 'guide', 'faq', 'o1', 't1']);
    expect(merge.page('o1')!.page).toMatchObject({ title: 'Ours' });
    expect(merge.page('t1')!.page).toMatchObject({ title: 'Theirs' });
  });

  it('takes a move on one side and an edit of the moved page on the other', async () => {
    const merge = await threeWay([{ operation: 'update_page', page: 'deploy', into: null, at: 0 }], [{ operation: 'update_page', page: 'deploy', title: 'Ship' }]);
    expect(merge.children()).toEqual(['deploy', 'home', 'guide', 'faq']);
    expect(merge.page('deploy')!.page).toMatchObject({ title: 'Ship', path: 'deploy' });
    expect(merge.children('guide')).toEqual(['install']);
  });

  it('merges a reorder on one side with an insertion on the other', async () => {
    const merge = await threeWay([{ operation: 'update_page', page: 'deploy', at: 0 }], [{ operation: 'insert_page', title: 'Configure', into: 'guide', document: {} }]);
    expect(merge.children('guide')).toEqual(['deploy', 'install', 't1']);
  });

  it('relinks a body taken from one side when the other side moved what it links to', async () => {
    const merge = await threeWay(
      [{ operation: 'update_page', page: 'install', into: null }],
      [{ operation: 'insert_page', title: 'Links', into: 'guide', document: { markdown: 'See [install](/pages/install).\n' } }],
    );
    expect(merge.body('t1')).toBe('See [install](../install.md).\n');
    expect(merge.result.kind === 'merged' && [...merge.result.documents.values()]).toEqual(['See [install](../install.md).\n']);
  });

  it('takes a deletion on one side when the other side left the page alone', async () => {
    const merge = await threeWay([{ operation: 'delete_page', page: 'guide' }], [{ operation: 'update_page', page: 'faq', title: 'F' }]);
    expect(merge.children()).toEqual(['home', 'faq']);
  });

  it('recomputes paths after a rename of a parent on one side and a new subpage on the other', async () => {
    const merge = await threeWay([{ operation: 'update_page', page: 'guide', slug: 'manual' }], [{ operation: 'insert_page', title: 'Configure', into: 'guide', document: {} }]);
    expect(merge.page('t1')!.page).toMatchObject({ path: 'manual/configure' });
    expect(merge.page('install')!.page).toMatchObject({ path: 'manual/install' });
  });
});

describe('conflicts', () => {
  it.each([
    ['the same field changed differently', [{ operation: 'update_page', page: 'faq', title: 'A' }], [{ operation: 'update_page', page: 'faq', title: 'B' }], [{ pageId: 'faq', field: 'title' }]],
    ['deleted on one side, edited on the other', [{ operation: 'delete_page', page: 'faq' }], [{ operation: 'update_page', page: 'faq', title: 'B' }], [{ pageId: 'faq', field: 'page' }]],
    ['a subpage of a deleted page edited on the other side', [{ operation: 'delete_page', page: 'guide' }], [{ operation: 'update_page', page: 'install', emoji: '🔧' }], [{ pageId: 'install', field: 'page' }]],
    [
      'the same lines of a body',
      [{ operation: 'update_page', page: 'faq', document: { markdown: lines('Q1', 'A1 (ours)', '', 'Q2', 'A2') } }],
      [{ operation: 'update_page', page: 'faq', document: { markdown: lines('Q1', 'A1 (theirs)', '', 'Q2', 'A2') } }],
      [{ pageId: 'faq', field: 'document' }],
    ],
    ['moved to different parents', [{ operation: 'update_page', page: 'faq', into: 'guide' }], [{ operation: 'update_page', page: 'faq', into: 'home' }], [{ pageId: 'faq', field: 'parent' }]],
    [
      'moves that make a cycle',
      [{ operation: 'update_page', page: 'home', into: 'faq' }],
      [{ operation: 'update_page', page: 'faq', into: 'home' }],
      [
        { pageId: 'home', field: 'parent' },
        { pageId: 'faq', field: 'parent' },
      ],
    ],
    [
      'two pages given the same slug under one parent',
      [{ operation: 'insert_page', title: 'Setup', into: 'guide', document: {} }],
      [{ operation: 'update_page', page: 'deploy', slug: 'setup' }],
      [
        { pageId: 'deploy', field: 'slug' },
        { pageId: 'o1', field: 'slug' },
      ],
    ],
    ['a page added under a page deleted on the other side', [{ operation: 'insert_page', title: 'New', into: 'faq', document: {} }], [{ operation: 'delete_page', page: 'faq' }], [{ pageId: 'o1', field: 'parent' }]],
    [
      'reorders that interfere',
      [{ operation: 'update_page', page: 'guide', at: 0 }],
      [{ operation: 'update_page', page: 'faq', at: 0 }],
      [{ pageId: undefined, field: 'pages' }],
    ],
  ])('%s', async (_name, ours, theirs, expected) => {
    const merge = await threeWay(ours, theirs);
    expect(merge.result.kind).toBe('conflicts');
    const sort = (list: Array<{ pageId?: string; field: string }>) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(sort(conflictsOf(merge.result))).toEqual(sort(expected));
    // Each conflict says why.
    if (merge.result.kind === 'conflicts') for (const conflict of merge.result.conflicts) expect(conflict.reason).not.toBe('');
  });

  it('on variables, files and tags too', async () => {
    const { snapshot: base, bodies } = baseSpace();
    const file = { id: 'f', name: 'a.png', contentType: 'image/png', size: 1, blob: 'a'.repeat(64) };
    const withFile = deepFreeze({ ...base, files: [file] });
    const ours = { ...withFile, variables: { product: 'Ours' }, files: [{ ...file, name: 'ours.png' }], tags: [] };
    const theirs = { ...withFile, variables: { product: 'Theirs' }, files: [], tags: [{ slug: 'beta', label: 'Beta!', color: 'blue' } as never] };
    const result = await mergeSnapshots(withFile, ours, theirs, documentsFrom(bodies));
    expect(result.kind === 'conflicts' && result.conflicts.map(({ fileId, tag, variable, field }) => ({ fileId, tag, variable, field }))).toEqual([
      { fileId: 'f', tag: undefined, variable: undefined, field: 'deleted' },
      { fileId: undefined, tag: 'beta', variable: undefined, field: 'deleted' },
      { fileId: undefined, tag: undefined, variable: 'product', field: 'variables.product' },
    ]);
  });
});

describe('reusable contents', () => {
  it('are merged by id, with their bodies merged as text', async () => {
    const { snapshot, bodies } = baseSpace();
    const body = (text: string) => {
      const id = documentIdOf(text);
      bodies.set(id, text);
      return id;
    };
    const reusable = (text: string) => [{ id: 'r', title: 'Snippet', document: body(text) }];
    const base = deepFreeze({ ...snapshot, reusableContents: reusable(lines('a', 'b', 'c')) });
    const ours = { ...base, reusableContents: reusable(lines('A', 'b', 'c')) };
    const theirs = { ...base, reusableContents: reusable(lines('a', 'b', 'C')) };
    const result = await mergeSnapshots(base, ours, theirs, documentsFrom(bodies));
    expect(result.kind).toBe('merged');
    if (result.kind !== 'merged') return;
    expect(result.documents.get((result.snapshot.reusableContents[0] as { document: string }).document)).toBe(lines('A', 'b', 'C'));
  });
});

/** A random batch of edits a user could make to the base space, as a list of changes (invalid ones are skipped). */
const pageIds = ['home', 'guide', 'install', 'deploy', 'faq'];
const changeArbitrary: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ operation: fc.constant('update_page'), page: fc.constantFrom(...pageIds), title: fc.constantFrom('Alpha', 'Beta') }),
  fc.record({ operation: fc.constant('update_page'), page: fc.constantFrom(...pageIds), emoji: fc.constantFrom('🚀', '', '🐢') }),
  fc.record({ operation: fc.constant('update_page'), page: fc.constantFrom(...pageIds), slug: fc.constantFrom('x', 'y') }),
  fc.record({ operation: fc.constant('update_page'), page: fc.constantFrom(...pageIds), into: fc.constantFrom(null, ...pageIds), at: fc.nat(3) }),
  fc.record({ operation: fc.constant('update_page'), page: fc.constantFrom(...pageIds), at: fc.nat(3) }),
  fc.record({
    operation: fc.constant('update_page'),
    page: fc.constantFrom('home', 'install', 'faq'),
    document: fc.record({ markdown: fc.nat(4) }),
  }),
  fc.record({ operation: fc.constant('delete_page'), page: fc.constantFrom(...pageIds) }),
  fc.record({ operation: fc.constant('insert_page'), title: fc.constantFrom('New', 'Other'), into: fc.constantFrom(undefined, 'guide', 'faq'), document: fc.constant({}) }),
  fc.record({
    operation: fc.constant('insert_page'),
    title: fc.constantFrom('Links', 'More links'),
    into: fc.constantFrom(undefined, 'guide', 'install'),
    document: fc.constantFrom(...pageIds).map((id) => ({ markdown: `See [${id}](/pages/${id}) and [home](/pages/home).\n` })),
  }),
);

/** Applies the changes one by one, skipping those the tree refuses; line edits become edits of one line of the body. */
async function editRandomly(base: RevisionSnapshot, bodies: Map<string, string>, changes: Array<Record<string, unknown>>, prefix: string): Promise<RevisionSnapshot> {
  let snapshot = base;
  let count = 0;
  for (const change of changes) {
    let concrete = change;
    if (change.document && typeof (change.document as { markdown?: unknown }).markdown === 'number') {
      const page = locatePages(snapshot.pages).get(change.page as string)?.page as { documentId?: string } | undefined;
      const text = (page?.documentId && bodies.get(page.documentId)) || '';
      const parts = text.split('\n');
      const line = (change.document as { markdown: number }).markdown;
      if (line < parts.length - 1) parts[line] = `${prefix} edited line ${line}`;
      concrete = { ...change, document: { markdown: parts.join('\n') } };
    }
    try {
      const applied = await applyContentChanges(snapshot, documentsFrom(bodies), [concrete as unknown as ChangeRequestContentChange], { newId: () => `${prefix}${++count}` });
      for (const [id, body] of applied.documents) bodies.set(id, body);
      snapshot = deepFreeze(applied.snapshot);
    } catch (error) {
      if (!isQuireError(error, 'INVALID_ARGUMENT')) throw error;
    }
  }
  return snapshot;
}

function normalised(result: SnapshotMerge) {
  if (result.kind === 'merged') return { kind: result.kind, snapshot: result.snapshot, documents: [...result.documents].sort() };
  return { kind: result.kind, conflicts: result.conflicts.map((conflict) => JSON.stringify(conflict)).sort() };
}

describe('properties', () => {
  it('merging with an unchanged side gives the other side', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(changeArbitrary, { maxLength: 6 }), async (changes) => {
        const { snapshot: base, bodies } = baseSpace();
        const edited = await editRandomly(base, bodies, changes, 'a');
        const lookup = documentsFrom(bodies);
        expect(await mergeSnapshots(base, edited, structuredClone(base), lookup)).toEqual({ kind: 'merged', snapshot: edited, documents: new Map() });
        expect(await mergeSnapshots(base, base, edited, lookup)).toEqual({ kind: 'merged', snapshot: edited, documents: new Map() });
      }),
      { numRuns: 60 },
    );
  });

  it('merge(base, a, b) equals merge(base, b, a), up to the order of conflicts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(changeArbitrary, { maxLength: 5 }), fc.array(changeArbitrary, { maxLength: 5 }), async (first, second) => {
        const { snapshot: base, bodies } = baseSpace();
        const a = await editRandomly(base, bodies, first, 'a');
        const b = await editRandomly(base, bodies, second, 'b');
        const lookup = documentsFrom(bodies);
        const ab = await mergeSnapshots(base, a, b, lookup);
        const ba = await mergeSnapshots(base, b, a, lookup);
        expect(normalised(ab)).toEqual(normalised(ba));
      }),
      { numRuns: 200 },
    );
  });
  it('a clean merge writes out without a broken link, whatever the two sides moved', async () => {
    // Moves, renames and new linking pages; no deletions (deleting a page breaks the links to it, by design).
    const structural = fc.oneof(
      fc.record({ operation: fc.constant('update_page'), page: fc.constantFrom(...pageIds), slug: fc.constantFrom('x', 'y', 'z') }),
      fc.record({ operation: fc.constant('update_page'), page: fc.constantFrom(...pageIds), into: fc.constantFrom(null, ...pageIds), at: fc.nat(3) }),
      fc.record({
        operation: fc.constant('insert_page'),
        title: fc.constantFrom('Links', 'More'),
        into: fc.constantFrom(undefined, 'guide', 'install'),
        document: fc.constantFrom(...pageIds).map((id) => ({ markdown: `See [${id}](/pages/${id}).\n` })),
      }),
    );
    const linked = () => {
      const bodies = new Map<string, string>();
      const snapshot = snapshotOf([
        documentPage('home', { body: 'To [faq](faq.md) and [install](guide/install.md).\n' }, bodies),
        documentPage(
          'guide',
          { body: 'To [deploy](deploy.md).\n', pages: [documentPage('install', { body: 'Back [home](../README.md).\n' }, bodies), documentPage('deploy', { body: 'x\n' }, bodies)] },
          bodies,
        ),
        documentPage('faq', { body: 'To [guide](guide/README.md).\n' }, bodies),
      ]);
      return { snapshot, bodies };
    };
    const brokenLinks = (snapshot: RevisionSnapshot, bodies: ReadonlyMap<string, string>) => {
      const files = new Map(Object.entries(directoryOf(snapshot, bodies)).map(([path, text]) => [path, new TextEncoder().encode(text)]));
      return readDirectory(files).diagnostics.filter((diagnostic) => diagnostic.code === 'FORMAT_MISSING_FILE').map(formatDiagnostic);
    };
    await fc.assert(
      fc.asyncProperty(fc.array(structural, { maxLength: 4 }), fc.array(structural, { maxLength: 4 }), async (first, second) => {
        const { snapshot: base, bodies } = linked();
        const a = await editRandomly(base, bodies, first, 'a');
        const b = await editRandomly(base, bodies, second, 'b');
        expect(brokenLinks(a, bodies)).toEqual([]);
        const result = await mergeSnapshots(base, a, b, documentsFrom(bodies));
        if (result.kind !== 'merged') return;
        expect(brokenLinks(result.snapshot, new Map([...bodies, ...result.documents]))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
