import type { GitSyncCommit } from '@gitbook/api';
import { QuireError } from '../../errors/index.ts';
import { emptyDirectorySource, type DirectorySource, type PageLocator } from '../../model/index.ts';
import type { RevisionsTable } from '../database-schema.ts';
import { deepFreeze } from '../deep-freeze.ts';
import { missingDocuments } from './documents.ts';
import { checkOneOf, notFound } from '../field-checks.ts';
import { jsonColumn, parseJsonColumn } from '../json-column.ts';
import { listPage, type ListOptions, type ListPage } from '../pagination.ts';
import type { RevisionContent, RevisionInfo, RevisionType, StoredRevision } from './revision-content.ts';
import type { StoredPage } from './revision-content.ts';
import { loadRevisionObjects, materializeContent, writtenRevisionObjects, type MaterializedContent, type MaterializedPages } from './revision-decoding.ts';
import { discardOrphanRevisions, discardRevision } from './orphan-revisions.ts';
import { PageIdIndex, pageListKey } from './page-id-index.ts';
import { encodeRevision, missingObjects } from './revision-encoding.ts';
import type { ContentObject } from './revision-objects.ts';
import type { EncodedObject } from '../blobs/object-store.ts';
import type { StoredSource } from './revision-objects.ts';
import type { StoreContext } from '../store-context.ts';

export interface RevisionStore {
  /**
   * Stores a revision of a space: an immutable snapshot of its content. Only the content objects that are not
   * stored yet are written (a one-page edit writes that page, the list chunks and ancestors above it, and a
   * root), in one transaction with the revision's row. Every `documentId` and reusable content `document` must
   * be a stored document (`putDocument`) and every file's `blob` a stored blob (`putBlob`), or `INVALID_ARGUMENT`.
   * Does not move the space's head: see `setSpaceHead`.
   *
   * @example
   * const documentId = await store.putDocument('# Welcome\n');
   * const id = await store.putRevision(space.id, { parents: [space.revisionId], pages: [page({ documentId })] });
   */
  putRevision(spaceId: string, content: RevisionContent): Promise<string>;
  /**
   * A revision with its content (the published shape without urls), deeply frozen. Reading a revision
   * that shares objects with one read recently costs little: objects and whole revisions are cached.
   *
   * @example
   * const { pages, files } = await store.getRevision(space.revisionId);
   */
  getRevision(id: string): Promise<StoredRevision>;
  /** A revision's row without content: space, type, parents, time, git. `NOT_FOUND` when there is none. */
  getRevisionInfo(id: string): Promise<RevisionInfo>;
  /** A space's revisions, newest first by default. */
  listRevisions(spaceId: string, filter?: { order?: 'asc' | 'desc' }, options?: ListOptions): Promise<ListPage<RevisionInfo>>;
  /** Sets (or with null, removes) the git commit a revision is synced with: the only mutable part of a revision. */
  setRevisionGit(id: string, git: GitSyncCommit | null): Promise<RevisionInfo>;
  /**
   * Where pages sit in `pages`, the page tree of a revision this store handed out (`getRevision(...).pages`),
   * answered without walking it, while the store keeps an index of that tree (it does for the trees it wrote
   * last); else undefined. Lets a one-page edit of a large revision find the page in time of its depth.
   *
   * @example
   * const revision = await store.getRevision(id);
   * (await store.pageLocator(revision.pages))?.locate('p7') // → { path: ['s0', 'p7'] }
   */
  pageLocator(pages: readonly StoredPage[]): Promise<PageLocator | undefined>;
  /**
   * Deletes a revision that nothing references: no space's head, no change request's revision (head, first,
   * merge, last update), no sync point, no other revision naming it as a parent. For a writer whose
   * compare-and-set of a head lost, so that no list shows a revision no history reaches. True when it was
   * deleted; false when it is referenced (it stays) or absent.
   *
   * @example
   * if (!(await store.setSpaceHead(space.id, head, merged))) await store.discardRevision(merged);
   */
  discardRevision(id: string): Promise<boolean>;
  /**
   * Deletes every revision created before `createdBefore` (ISO 8601) that no history reaches: what a writer
   * killed between writing its revision and moving a head leaves. Younger revisions are left alone, as their
   * writers may be about to move a head to them. Returns the ids deleted (`quire serve` runs it at start).
   *
   * @example
   * await store.discardOrphanRevisions({ createdBefore: new Date(Date.now() - 60_000).toISOString() });
   */
  discardOrphanRevisions(options: { createdBefore: string }): Promise<string[]>;
}

const revisionTypes: readonly RevisionType[] = ['edits', 'merge', 'rollback', 'update'];

interface CachedContent {
  content: MaterializedContent;
  source: DirectorySource;
}

/**
 * The revision methods of a Store.
 *
 * @example
 * const revisions = revisionStore(context);
 */
export function revisionStore(context: StoreContext): RevisionStore {
  /** The revision last made from each row read (`getRevision`), with the content it was made of. */
  const revisionsMade = new WeakMap<RevisionsTable, { cached: CachedContent; revision: StoredRevision }>();
  const info = async (id: string): Promise<RevisionsTable> => {
    const row = await context.rowUnlessChanged(`revision:${id}`, () => context.db().selectFrom('revisions').selectAll().where('id', '=', id).executeTakeFirst());
    if (row === undefined) throw notFound('revision', id);
    return row;
  };
  return {
    putRevision: (spaceId, content) => writeRevision(context, spaceId, content),
    async getRevision(id) {
      const row = await info(id);
      const key = `revision:${row.content}`;
      let cached = context.objects.recall<CachedContent>(key);
      if (cached === undefined) {
        const materialized = materializedPages(context);
        const { loaded, reused, size } = await loadRevisionObjects(context.objects, row.content, materialized);
        const content = materializeContent(row.content, loaded, { objects: context.objects.handedOut, lists: context.objects.handedOutLists }, reused, materialized);
        cached = { content, source: await loadSource(context, content.source) };
        // A revision made from this one with the same source names it by hash instead of storing it again (the
        // source is frozen but for the bytes of `extra`, which no caller may change in place).
        context.objects.handedOut.set(cached.source, content.sourceHash);
        // The materialized tree takes about as much memory again as the objects it came from.
        context.objects.remember(key, cached, size);
      }
      // The row is the one kept in memory while the database has not changed (read-memo.ts): with the same
      // content, the revision made from it last time is the same, and frozen. A page read asks for it every time.
      const made = revisionsMade.get(row);
      if (made?.cached === cached) return made.revision;
      const { content, source } = cached;
      // Deeply frozen; the shared content below is frozen already, so this only walks the row's own parts.
      const revision: StoredRevision = deepFreeze({
        object: 'revision' as const,
        ...toRevisionInfo(row),
        pages: content.pages,
        files: content.files,
        reusableContents: content.reusableContents,
        tags: content.tags,
        ...(content.variables === undefined ? {} : { variables: content.variables }),
        source,
      });
      revisionsMade.set(row, { cached, revision });
      return revision;
    },
    async getRevisionInfo(id) {
      return toRevisionInfo(await info(id));
    },
    listRevisions(spaceId, filter = {}, options = {}) {
      const direction = filter.order ?? 'desc';
      return listPage(
        context.db().selectFrom('revisions').selectAll().where('space_id', '=', spaceId),
        {
          scope: `revisions|${spaceId}|${direction}`,
          keys: [
            { column: 'created_at', direction, value: (row) => row.created_at },
            { column: 'id', direction, value: (row) => row.id },
          ],
        },
        options,
        (rows) => rows.map(toRevisionInfo),
      );
    },
    discardRevision: (id) => discardRevision(context, id),
    discardOrphanRevisions: (options) => discardOrphanRevisions(context, options),
    async pageLocator(pages) {
      const list = context.objects.handedOutLists.get(pages);
      return list === undefined ? undefined : context.objects.pageIndexes.get(pageListKey(list));
    },
    async setRevisionGit(id, git) {
      const result = await context.db().updateTable('revisions').set({ git: jsonColumn(git) }).where('id', '=', id).executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw notFound('revision', id);
      return toRevisionInfo(await info(id));
    },
  };
}

/**
 * Stores a revision (see `RevisionStore.putRevision`); also used to write a new space's first revision inside
 * the transaction that creates the space.
 *
 * @example
 * const id = await writeRevision(context, spaceId, { parents: [], pages: [] });
 */
export async function writeRevision(context: StoreContext, spaceId: string, content: RevisionContent): Promise<string> {
  if (typeof content !== 'object' || content === null) throw new QuireError('INVALID_ARGUMENT', 'content must be an object', { field: 'content' });
  const type = checkOneOf('type', content.type ?? 'edits', revisionTypes);
  const parents = content.parents ?? [];
  if (!Array.isArray(parents) || !parents.every((parent) => typeof parent === 'string')) {
    throw new QuireError('INVALID_ARGUMENT', 'parents must be an array of revision ids', { field: 'parents' });
  }

  // Blobs and documents are immutable once stored, so they are checked before the transaction, keeping it short.
  const handedOutSource = content.source === undefined ? undefined : context.objects.handedOut.get(content.source);
  const source = handedOutSource ?? (await storeSource(context, content.source ?? emptyDirectorySource()));
  const { objects } = context;
  const encoded = encodeRevision(content, source, {
    objects: objects.handedOut,
    lists: objects.handedOutLists,
    pageIndexes: objects.pageIndexes.candidates(),
    listChunks: objects.listChunks,
    stored: (hash) => objects.cached(hash)?.value as ContentObject | undefined,
  });
  // At once, before another write can encode: the index of the tree this one was made from becomes its index.
  if (encoded.pageIndex !== undefined) objects.pageIndexes.remember(PageIdIndex.derive(encoded.pageIndex.base, encoded.pageIndex.edit));
  const toWrite = await missingObjects(encoded, (hashes) => context.objects.missing(hashes));
  const absentDocuments = await missingDocuments(context, toWrite.flatMap((object) => object.documents));
  if (absentDocuments.size > 0) {
    const [first] = absentDocuments;
    throw new QuireError('INVALID_ARGUMENT', `document ${first} is not stored (store page bodies with putDocument first)`, { field: 'documentId', documents: [...absentDocuments] });
  }
  for (const blob of new Set(toWrite.flatMap((object) => object.blobs))) {
    if (!(await context.blobs.has(blob))) {
      throw new QuireError('INVALID_ARGUMENT', `blob ${blob} is not stored (store file bytes with putBlob first)`, { field: 'blob', blob });
    }
  }

  const id = context.newId();
  await context.transaction(async () => {
    const space = await context.db().selectFrom('spaces').select('id').where('id', '=', spaceId).where('deleted_at', 'is', null).executeTakeFirst();
    if (space === undefined) throw notFound('space', spaceId);
    if (parents.length > 0) {
      const found = await context.db().selectFrom('revisions').select('id').where('id', 'in', parents).execute();
      const missing = parents.filter((parent) => !found.some((row) => row.id === parent));
      if (missing.length > 0) throw new QuireError('INVALID_ARGUMENT', `parent revision ${missing[0]} does not exist`, { field: 'parents' });
    }
    await context.objects.insert(toWrite);
    // The next read of this revision (the next batch of a change request, say) takes it from the cache.
    if (handedOutSource !== undefined) context.afterCommit(() => rememberWrittenRevision(context, encoded, toWrite, content.source!));
    await context
      .db()
      .insertInto('revisions')
      .values({
        id,
        space_id: spaceId,
        type,
        parents: JSON.stringify(parents),
        created_at: context.timestamp(),
        content: encoded.root,
        git: jsonColumn(content.git),
        merged_from: content.mergedFromChangeRequest ?? null,
      })
      .execute();
  });
  return id;
}

/**
 * Puts a revision this process wrote in the revision cache, as `getRevision` would have read it back, when
 * everything it is made of is at hand (the objects it wrote, the handed-out pages it kept, cached objects);
 * else it is read as usual when asked for. Runs once the write has committed. Reading back a large tree
 * written by a small edit then costs nothing, instead of one cache lookup per page.
 */
function rememberWrittenRevision(context: StoreContext, encoded: ReturnType<typeof encodeRevision>, written: readonly EncodedObject[], source: DirectorySource): void {
  const key = `revision:${encoded.root}`;
  if (context.objects.recall<CachedContent>(key) !== undefined) return;
  const bodies = new Map(written.map((object) => [object.hash, object]));
  const sharedRoots = encoded.sharedRoots ?? [];
  const shared = { roots: sharedRoots, children: encoded.sharedChildren ?? new Map() };
  const found = writtenRevisionObjects(encoded.root, bodies, encoded.handedOutPages, (hash) => context.objects.cached(hash), shared);
  if (found === undefined) return;
  context.objects.keep(found.parsed);
  const handedOut = { objects: context.objects.handedOut, lists: context.objects.handedOutLists };
  const content = materializeContent(encoded.root, found.loaded, handedOut, found.reused, materializedPages(context), shared);
  context.objects.remember(key, { content, source } satisfies CachedContent, found.size);
}

async function storeSource(context: StoreContext, source: DirectorySource): Promise<StoredSource> {
  const extra: Record<string, string> = {};
  for (const [path, bytes] of Object.entries(source.extra ?? {})) {
    if (!(bytes instanceof Uint8Array)) {
      throw new QuireError('INVALID_ARGUMENT', `source.extra[${JSON.stringify(path)}] must be bytes`, { field: 'source.extra' });
    }
    extra[path] = (await context.blobs.put(bytes)).hash;
  }
  return { ...source, extra };
}

async function loadSource(context: StoreContext, stored: StoredSource): Promise<DirectorySource> {
  const extra: Record<string, Uint8Array> = {};
  for (const [path, hash] of Object.entries(stored.extra)) extra[path] = await context.blobs.get(hash);
  // Frozen like the rest, except the byte arrays (typed arrays with elements cannot be frozen).
  return deepFreeze({ ...stored, extra: Object.freeze(extra) }) as DirectorySource;
}

/**
 * A revisions row as a record.
 *
 * @example
 * toRevisionInfo(row).parents
 */
export function toRevisionInfo(row: RevisionsTable): RevisionInfo {
  const git = parseJsonColumn<GitSyncCommit>(row.git);
  return {
    id: row.id,
    space: row.space_id,
    type: row.type as RevisionType,
    parents: JSON.parse(row.parents) as string[],
    createdAt: row.created_at,
    ...(git === undefined ? {} : { git }),
    ...(row.merged_from === null ? {} : { mergedFromChangeRequest: row.merged_from }),
  };
}

/** Rebuilt page subtrees, remembered in the object cache (bounded by bytes like every cached object). */
function materializedPages(context: StoreContext): MaterializedPages {
  return {
    recall: (hash) => context.objects.recall<StoredPage>(`page:${hash}`),
    remember: (hash, page, size) => context.objects.remember(`page:${hash}`, page, size),
  };
}
