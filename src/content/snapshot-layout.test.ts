import { describe, expect, it } from 'vitest';
import { fixtureRepositories, loadFiles } from '../../test/support/repositories.ts';
import { planLayout } from '../format/directory-layout.ts';
import { readDirectory } from '../format/read-directory.ts';
import { relinkBundle } from '../format/relink.ts';
import type { RevisionPageDocument } from '@gitbook/api';
import { assignPagePaths } from '../model/page-paths.ts';
import { snapshotFromBundle } from './snapshot-fixture.ts';

// The format layer lays out and relinks a snapshot (as the store keeps it) exactly as it does a bundle.
describe('a snapshot in the Git layout', () => {
  it('is laid out like the bundle it was made from', async () => {
    const bundle = readDirectory(await loadFiles(fixtureRepositories.handbook!)).bundle;
    expect(planLayout(snapshotFromBundle(bundle))).toEqual(planLayout(bundle));
  });

  it('is relinked like the bundle it was made from', async () => {
    const bundle = readDirectory(await loadFiles(fixtureRepositories.handbook!)).bundle;
    // Writing leaves guides/ for the top level: its Git path no longer holds.
    const pages = structuredClone(bundle.revision.pages);
    const guides = pages.find((page) => page.type === 'document' && page.git?.path === 'guides/README.md') as RevisionPageDocument;
    const [writing] = guides.pages.splice(guides.pages.findIndex((page) => page.title === 'Writing'), 1) as [RevisionPageDocument];
    delete writing.git;
    pages.push(writing);
    assignPagePaths(pages);
    const after = { ...bundle, revision: { ...bundle.revision, pages } };

    const relinkedBundle = relinkBundle(bundle, after);
    const relinkedSnapshot = relinkBundle({ ...snapshotFromBundle(bundle), documents: bundle.documents }, { ...snapshotFromBundle(after), documents: bundle.documents });
    expect(relinkedSnapshot.documents).toEqual(relinkedBundle.documents);
    expect(relinkedSnapshot.pages).toEqual(snapshotFromBundle(relinkedBundle).pages);
    expect(relinkedSnapshot.source.heads).toEqual(relinkedBundle.source.heads);
    expect(Object.keys(relinkedBundle.documents)).not.toEqual(Object.keys(bundle.documents));
  });
});
