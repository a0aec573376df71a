import type { RevisionReusableContent } from '@gitbook/api';
import { QuireError } from '../../errors/index.ts';
import type { Actor } from '../access/actor.ts';
import { bodyOf } from './content-pages.ts';
import type { ContentLocation } from './content-location.ts';
import type { ContentReadOptions } from './content-revisions.ts';
import { openContent } from '../spaces/open-content.ts';
import type { PublishedJsonDocument, PublishedReusableContent } from './published-content-shapes.ts';
import { documentsOf, type ServiceContext } from '../service-context.ts';
import { toPublishedReusableContent } from './to-published-content.ts';

/**
 * Reusable content by id at `location` (getReusableContentById, getReusableContentInChangeRequestById,
 * getReusableContentInRevisionById); `document` is the id of its body.
 *
 * @example
 * const reusable = await getContentReusableContent(ctx, actor, spaceId, spaceContent, reusableContentId);
 */
export async function getContentReusableContent(
  ctx: ServiceContext,
  actor: Actor,
  spaceId: string,
  location: ContentLocation,
  reusableContentId: string,
  _options: ContentReadOptions = {},
): Promise<PublishedReusableContent> {
  const { revision } = await openContent(ctx, actor, spaceId, location);
  return toPublishedReusableContent(findReusableContent(revision.reusableContents, reusableContentId, revision.id));
}

/**
 * The body of reusable content as a JSON document (getReusableContentDocumentInRevisionById).
 *
 * @example
 * const document = await getReusableContentDocument(ctx, actor, spaceId, revisionContent(revisionId), reusableContentId);
 */
export async function getReusableContentDocument(ctx: ServiceContext, actor: Actor, spaceId: string, location: ContentLocation, reusableContentId: string): Promise<PublishedJsonDocument> {
  const { revision } = await openContent(ctx, actor, spaceId, location);
  const reusable = findReusableContent(revision.reusableContents, reusableContentId, revision.id);
  return documentsOf(ctx).convert(await bodyOf(ctx.store, 'document' in reusable && typeof reusable.document === 'string' ? reusable.document : undefined), revision, { kind: 'reusable-content', id: reusable.id });
}

function findReusableContent(reusableContents: readonly RevisionReusableContent[], id: string, revisionId: string): RevisionReusableContent {
  const found = reusableContents.find((reusable) => reusable.id === id);
  if (found === undefined) throw new QuireError('NOT_FOUND', `reusable content ${id} does not exist in revision ${revisionId}`, { kind: 'reusable-content', id });
  return found;
}
