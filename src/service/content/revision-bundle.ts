import type { Revision } from '@gitbook/api';
import { bundleToValue } from '../../format/bundle-json.ts';
import type { Actor } from '../access/actor.ts';
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
  const opened = await openContent(ctx, actor, spaceId, revisionContent(revisionId));
  const { revision } = opened;
  const published = await publishRevision(ctx, revision, viewOf(ctx, spaceId, opened), opened.access.space.revisionId);
  const documents = Object.fromEntries(await ctx.store.getDocuments(documentIdsOf(revision)));
  const bytes = await readBlobs(ctx.store, revision.files.map((file) => file.blob));
  const files = Object.fromEntries(revision.files.map((file, index) => [file.id, bytes[index]!]));
  const value = bundleToValue({ revision: published as unknown as Revision, documents, files, source: revision.source });
  return { ...value, revision: published };
}
