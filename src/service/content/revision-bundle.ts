import type { Revision } from '@gitbook/api';
import { bundleFormat, bundleToValue, bundleVersion } from '../../format/bundle-json.ts';
import type { RevisionBundle } from '../../model/revision-bundle.ts';
import type { StoredRevision } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { bundleContentCacheOf } from './bundle-content-cache.ts';
import { openContent } from '../spaces/open-content.ts';
import type { ServiceContext } from '../service-context.ts';
import { revisionContent } from './content-location.ts';
import { publishRevision, viewOf } from './content-revisions.ts';
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
  const { revision, published } = await openPublished(ctx, actor, spaceId, revisionId);
  const value = bundleToValue({ revision: published as unknown as Revision, ...(await bundleContent(ctx, revision)) });
  return { ...value, revision: published };
}

/**
 * `getRevisionBundle`'s answer as the JSON the server sends, byte for byte `JSON.stringify` of it: the published
 * revision serialized afresh, the rest (bodies, file bytes, directory source, which never change for a revision)
 * from the store's `BundleContentCache` once one answer has made it. Access is checked each time, as for
 * `getRevisionBundle`.
 *
 * @example
 * reply.type('application/json; charset=utf-8').send(await getRevisionBundleJson(ctx, actor, 'space1', 'rev2'));
 */
export async function getRevisionBundleJson(ctx: ServiceContext, actor: Actor, spaceId: string, revisionId: string): Promise<Buffer> {
  const { revision, published } = await openPublished(ctx, actor, spaceId, revisionId);
  const cache = bundleContentCacheOf(ctx.store);
  let content = cache.get(revision.id);
  if (content === undefined) {
    const { format: _format, version: _version, revision: _revision, ...rest } = bundleToValue({ revision: published as unknown as Revision, ...(await bundleContent(ctx, revision)) });
    // `{"documents":…,"files":…,"source":…}` without its braces: the members that follow the revision.
    const json = JSON.stringify(rest);
    content = Buffer.from(json.slice(1, -1));
    cache.set(revision.id, content);
  }
  // The members in bundleToValue's order: format, version, revision, then the content.
  const head = JSON.stringify({ format: bundleFormat, version: bundleVersion, revision: published });
  return Buffer.concat([Buffer.from(`${head.slice(0, -1)},`), content, closingBrace]);
}

const closingBrace = Buffer.from('}');

/** The revision `revisionId` of the space, as the actor may read it, and published. */
async function openPublished(ctx: ServiceContext, actor: Actor, spaceId: string, revisionId: string) {
  const opened = await openContent(ctx, actor, spaceId, revisionContent(revisionId));
  const { revision } = opened;
  const published = await publishRevision(ctx, revision, viewOf(ctx, spaceId, opened), opened.access.space.revisionId);
  return { revision, published };
}

/** A stored revision's bodies, file bytes and directory source, as a bundle holds them. */
async function bundleContent(ctx: ServiceContext, revision: StoredRevision): Promise<Omit<RevisionBundle, 'revision'>> {
  const documents = Object.fromEntries(await ctx.store.getDocuments(documentIdsOf(revision)));
  const bytes = await readBlobs(ctx.store, revision.files.map((file) => file.blob));
  const files = Object.fromEntries(revision.files.map((file, index) => [file.id, bytes[index]!]));
  return { documents, files, source: revision.source };
}
