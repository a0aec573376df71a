// The workload of change requests: workers open change requests, fill them in batches of new pages (and a file),
// and merge them, at once, in a few shared spaces or each in a space of its own (an import). Every batch the
// service acknowledged must be in the change request; every merge it acknowledged must be in the space's head,
// each page once, with its body.
import type { ContentChange } from '../../src/client/index.ts';
import type { SnapshotPage } from '../../src/model/index.ts';
import type { Store } from '../../src/store/index.ts';
import { workUntilKilled, type DriveSession, type FaultWorkload } from './kill-campaign.ts';

export interface ContentMergeShape {
  /** Writers at once. */
  workers: number;
  /** Content requests per change request, and new pages in each. */
  batches: number;
  pagesPerBatch: number;
  /** 'shared': every change request goes to one of a few spaces; 'own': each goes to a new space (an import). */
  spaces: 'shared' | 'own';
}

interface AcknowledgedContent {
  spaceId: string;
  changeRequestId: string;
  pages: Map<string, string>;
  files: string[];
}

/**
 * Merges of change requests with page changes, as a `FaultWorkload`.
 *
 * @example
 * const merges = contentMergeWorkload({ workers: 3, batches: 1, pagesPerBatch: 3, spaces: 'shared' });
 */
export function contentMergeWorkload(shape: ContentMergeShape): FaultWorkload {
  const sharedSpaces: string[] = [];
  const written: AcknowledgedContent[] = [];
  const merged: AcknowledgedContent[] = [];
  const unexpected: string[] = [];
  let acknowledged = 0;

  const spaceFor = async (session: DriveSession): Promise<string> => {
    if (shape.spaces === 'shared' && sharedSpaces.length >= 2) return session.random.pick(sharedSpaces);
    const space = await session.client.createSpace(session.organizationId, { title: `Run ${session.run}` });
    acknowledged++;
    if (shape.spaces === 'shared') sharedSpaces.push(space.id);
    return space.id;
  };

  const oneChangeRequest = async (session: DriveSession, name: string): Promise<void> => {
    const spaceId = await spaceFor(session);
    const changeRequest = await session.client.createChangeRequest(spaceId, { subject: name });
    acknowledged++;
    const content: AcknowledgedContent = { spaceId, changeRequestId: changeRequest.id, pages: new Map(), files: [] };
    for (let batch = 0; batch < shape.batches && !session.killed(); batch++) {
      const pages = Array.from({ length: shape.pagesPerBatch }, (_, index) => {
        const title = `${name} b${batch} p${index}`;
        return [title, `# ${title}\n\nWritten in ${name}, ${session.random.between(0, 1e9)}.\n`] as const;
      });
      const file = `${name}-b${batch}.png`.replaceAll(' ', '-');
      const changes: ContentChange[] = [
        ...pages.map(([title, markdown]): ContentChange => ({ operation: 'insert_page', title, document: { markdown } })),
        { operation: 'insert_files', files: [{ name: file, contentType: 'image/png', base64: Buffer.from(`PNG ${file}`).toString('base64') }] },
      ];
      await session.client.updateChangeRequestContent(spaceId, changeRequest.id, changes);
      acknowledged++;
      if (content.files.length === 0) written.push(content);
      for (const [title, markdown] of pages) content.pages.set(title, markdown);
      content.files.push(file);
    }
    if (session.killed()) return;
    const merge = await session.client.mergeChangeRequest(spaceId, changeRequest.id);
    // Distinct new pages never conflict: a conflict is a fault of the merge, reported before the kill.
    if (merge.result !== 'merge') throw new Error(`merging ${name} (change request ${changeRequest.id}) gave ${merge.result}`);
    acknowledged++;
    merged.push(content);
  };

  return {
    name: `content merges (${shape.workers} workers, ${shape.batches} × ${shape.pagesPerBatch} pages, ${shape.spaces} spaces)`,
    acknowledged: () => acknowledged,
    async drive(session) {
      unexpected.push(...(await workUntilKilled(session, shape.workers, (worker, count) => oneChangeRequest(session, `r${session.run} w${worker} c${count}`))));
    },
    async missing(store) {
      const problems = [...unexpected];
      for (const content of written) {
        const changeRequest = await store.getChangeRequest(content.spaceId, content.changeRequestId);
        problems.push(...(await contentMissing(store, changeRequest.revision, content, `change request ${changeRequest.id}`)));
      }
      for (const content of merged) {
        const changeRequest = await store.getChangeRequest(content.spaceId, content.changeRequestId);
        if (changeRequest.status !== 'merged') problems.push(`change request ${changeRequest.id} was merged (acknowledged) but is ${changeRequest.status}`);
        const space = await store.getSpace(content.spaceId);
        problems.push(...(await contentMissing(store, space.revisionId, content, `space ${space.id}'s head (merge of ${changeRequest.id})`)));
      }
      return problems;
    },
  };
}

/** The pages (each exactly once, with its body) and files of `content` that revision `revisionId` lacks. */
async function contentMissing(store: Store, revisionId: string, content: AcknowledgedContent, where: string): Promise<string[]> {
  const revision = await store.getRevision(revisionId);
  const byTitle = new Map<string, string[]>();
  for (const page of flatten(revision.pages)) {
    const documentId = (page as { documentId?: string }).documentId;
    byTitle.set(page.title, [...(byTitle.get(page.title) ?? []), documentId ?? '']);
  }
  const bodies = await store.getDocuments([...content.pages.keys()].flatMap((title) => byTitle.get(title) ?? []));
  const problems: string[] = [];
  for (const [title, markdown] of content.pages) {
    const found = byTitle.get(title) ?? [];
    if (found.length !== 1) problems.push(`${where}: page "${title}" is there ${found.length} times, not once`);
    else if (!bodies.get(found[0]!)?.includes(markdown.split('\n\n')[1]!)) problems.push(`${where}: page "${title}" lost its body`);
  }
  const files = new Set(revision.files.map((file) => file.name));
  for (const file of content.files) if (!files.has(file)) problems.push(`${where}: file ${file} is missing`);
  return problems;
}

function flatten(pages: readonly SnapshotPage[]): SnapshotPage[] {
  return pages.flatMap((page) => [page, ...('pages' in page ? flatten(page.pages) : [])]);
}
