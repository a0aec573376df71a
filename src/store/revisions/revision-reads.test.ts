import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openStore } from '../open-store.ts';
import { tenThousandPages } from '../store.contract.ts';

const directory = mkdtempSync(join(tmpdir(), 'quire-revision-reads-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

// Every page read asks for its revision: while nothing was written, the answer is the revision made last time.
it('a revision read again while nothing changed is the same frozen object, and a new one once its row changes', async () => {
  const store = await openStore({ kind: 'sqlite', directory });
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
