import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openStore } from '../open-store.ts';
import type { StoredChildPage, StoredPage } from './revision-content.ts';
import { tenThousandPages } from '../store.contract.ts';

const directory = mkdtempSync(join(tmpdir(), 'quire-materialized-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

// Reading a revision that differs from a recent one by one page must not rebuild the whole tree: unchanged
// subtrees are the very same (frozen) objects as in the revision read before, and only the changed path is new.
it('a revision read after a one-page edit shares every unchanged subtree with the one before', async () => {
  const store = await openStore({ kind: 'sqlite', directory });
  try {
    const organization = await store.createOrganization({ title: 'Org' });
    const space = await store.createSpace({ organizationId: organization.id, title: 'Space' });
    const documentId = await store.putDocument('Body.\n');
    const first = await store.putRevision(space.id, { parents: [space.revisionId], pages: tenThousandPages(documentId) });
    const before = await store.getRevision(first);

    const edited = [...before.pages];
    const section = edited[7] as StoredChildPage & { pages: StoredChildPage[] };
    edited[7] = { ...section, pages: section.pages.map((page, index) => (index === 3 ? { ...page, title: 'Edited' } : page)) } as StoredPage;
    const after = await store.getRevision(await store.putRevision(space.id, { parents: [first], pages: edited }));

    expect(after.pages).toHaveLength(before.pages.length);
    before.pages.forEach((page, index) => {
      if (index === 7) expect(after.pages[index]).not.toBe(page);
      else expect(after.pages[index], `top-level page ${index}`).toBe(page);
    });
    const oldSection = before.pages[7] as StoredChildPage & { pages: StoredChildPage[] };
    const newSection = after.pages[7] as StoredChildPage & { pages: StoredChildPage[] };
    newSection.pages.forEach((page, index) => {
      if (index === 3) expect(page).toMatchObject({ title: 'Edited' });
      else expect(page).toBe(oldSection.pages[index]);
    });
    expect(Object.isFrozen(newSection)).toBe(true);
  } finally {
    await store.close();
  }
});

it('refuses a new page whose id repeats one deep inside an unchanged, stored subtree', async () => {
  const store = await openStore({ kind: 'sqlite', directory: join(directory, 'repeats') });
  try {
    const organization = await store.createOrganization({ title: 'Org' });
    const space = await store.createSpace({ organizationId: organization.id, title: 'Space' });
    const documentId = await store.putDocument('Body.\n');
    const first = await store.putRevision(space.id, { parents: [space.revisionId], pages: tenThousandPages(documentId) });
    const read = await store.getRevision(first);
    const deep = (read.pages[5] as StoredChildPage & { pages: StoredChildPage[] }).pages[11]!;
    const clash = { ...deep, title: 'Another page with the same id', pages: [] } as StoredPage;
    await expect(store.putRevision(space.id, { parents: [first], pages: [clash, ...read.pages] })).rejects.toThrow(`repeats page id ${deep.id}`);
  } finally {
    await store.close();
  }
});

// Every page read asks for its revision: while nothing was written, the answer is the revision made last time.
it('a revision read again while nothing changed is the same frozen object, and a new one once its row changes', async () => {
  const store = await openStore({ kind: 'sqlite', directory: join(directory, 'again') });
  try {
    const organization = await store.createOrganization({ title: 'Org' });
    const space = await store.createSpace({ organizationId: organization.id, title: 'Space' });
    const documentId = await store.putDocument('Body.\n');
    const id = await store.putRevision(space.id, { parents: [space.revisionId], pages: tenThousandPages(documentId).slice(0, 3) });

    const first = await store.getRevision(id);
    expect(await store.getRevision(id)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);

    const git = { oid: 'a'.repeat(40), message: 'Sync', createdByGitBook: false };
    await store.setRevisionGit(id, git);
    const after = await store.getRevision(id);
    expect(after).not.toBe(first);
    expect(after.git).toEqual(git);
    expect(first.git).toBeUndefined();
    // The content is shared, only the row's own fields are new.
    expect(after.pages).toBe(first.pages);
    expect(await store.getRevision(id)).toBe(after);
  } finally {
    await store.close();
  }
});
