import type { Revision } from '@gitbook/api';
import { bundleContentToValue, bundleFormat, bundleToValue, bundleVersion } from '../../format/bundle-json.ts';
import type { RevisionBundle } from '../../model/revision-bundle.ts';
import type { StoredRevision } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { bundleContentCacheOf } from './bundle-content-cache.ts';
import { openContent } from '../spaces/open-content.ts';
import type { ServiceContext } from '../service-context.ts';
import { revisionContent } from './content-location.ts';
import { mergedFromOf, viewOf } from './content-revisions.ts';
import { toPublishedRevision } from './to-published-content.ts';
import type { PublishedRevisionBundle } from './published-content-shapes.ts';
import { documentIdsOf, readBlobs } from './revision-bodies.ts';

/**
 * A revision as the service holds it, in one answer (Quire's `GET .../revisions/{revisionId}/bundle`,
 * docs/api-extensions.md `bundle`): the published revision, every page and reusable-content body, every file's
 * bytes and the directory source, in the shape of a bundle file (src/format/bundle-json.ts). What an export reads
 * a space with: the directory (`getRevisionDirectory`) is the same content written out as Markdown files, which
 * the reader then parses back; this skips both steps.
 *
 * @example
 * const { revision, documents, files } = await getRevisionBundle(ctx, actor, spaceId, revisionId);
 */
export async function getRevisionBundle(ctx: ServiceContext, actor: Actor, spaceId: string, revisionId: string): Promise<PublishedRevisionBundle> {
  const { revision, view, mergedFrom } = await openBundled(ctx, actor, spaceId, revisionId);
  const published = toPublishedRevision(revision, view, mergedFrom);
  const value = bundleToValue({ revision: published as unknown as Revision, ...(await bundleContent(ctx, revision)) });
  return { ...value, revision: published };
}

/**
 * `getRevisionBundle`'s answer as the JSON the server sends, in parts whose bytes, one after the other, are
 * `JSON.stringify` of it: the published revision that heads it, then the content (bodies, file bytes, directory
 * source). Both are kept in the store's `BundleContentCache` once an answer has made them: the content by revision,
 * the head by revision and by all it depends on (the URLs it is read at, the revision's Git commit, the change
 * request it was merged from as published now), so that a change to any of them makes a new head. Access is
 * checked and the change request read each time, as for `getRevisionBundle`. In parts so that an answer kept is
 * sent without being copied: a 1,000-page site's three bundles are 3.6 MB, and copying them into one buffer for
 * each export took 20 ms of the server's one thread.
 *
 * @example
 * const parts = await getRevisionBundleJson(ctx, actor, 'space1', 'rev2');
 * Buffer.concat(parts).toString() === JSON.stringify(await getRevisionBundle(ctx, actor, 'space1', 'rev2')) // → true
 */
export async function getRevisionBundleJson(ctx: ServiceContext, actor: Actor, spaceId: string, revisionId: string): Promise<readonly Buffer[]> {
  const { revision, view, mergedFrom } = await openBundled(ctx, actor, spaceId, revisionId);
  const cache = bundleContentCacheOf(ctx.store);
  // Everything of the head but the revision's content, which never changes for its id.
  const headKey = `head ${revision.id} ${JSON.stringify([view, revision.git ?? null, mergedFrom ?? null])}`;
  let head = cache.get(headKey);
  if (head === undefined) {
    // The members in bundleToValue's order: format, version, revision, then the content (`{…,` without its closing brace).
    const json = JSON.stringify({ format: bundleFormat, version: bundleVersion, revision: toPublishedRevision(revision, view, mergedFrom) });
    head = Buffer.from(`${json.slice(0, -1)},`);
    cache.set(headKey, head);
  }
  let content = cache.get(revision.id);
  if (content === undefined) {
    // `{"documents":…,"files":…,"source":…}` without its braces: the members that follow the revision.
    const json = JSON.stringify(bundleContentToValue(await bundleContent(ctx, revision)));
    content = Buffer.from(json.slice(1, -1));
    cache.set(revision.id, content);
  }
  return [head, content, closingBrace];
}

const closingBrace = Buffer.from('}');

/**
 * The revision `revisionId` of the space, as the actor may read it, with what its published form depends on
 * besides itself: the view it is read in, and the change request it was merged from as published now.
 */
async function openBundled(ctx: ServiceContext, actor: Actor, spaceId: string, revisionId: string) {
  const opened = await openContent(ctx, actor, spaceId, revisionContent(revisionId));
  const { revision } = opened;
  return { revision, view: viewOf(ctx, spaceId, opened), mergedFrom: await mergedFromOf(ctx, revision, opened.access.space.revisionId) };
}

/** A stored revision's bodies, file bytes and directory source, as a bundle holds them. */
async function bundleContent(ctx: ServiceContext, revision: StoredRevision): Promise<Omit<RevisionBundle, 'revision'>> {
  const documents = Object.fromEntries(await ctx.store.getDocuments(documentIdsOf(revision)));
  const bytes = await readBlobs(ctx.store, revision.files.map((file) => file.blob));
  const files = Object.fromEntries(revision.files.map((file, index) => [file.id, bytes[index]!]));
  return { documents, files, source: revision.source };
}
