import type { Readable } from 'node:stream';
import { QuireError } from '../../errors/index.ts';
import type { SnapshotFile } from '../../model/index.ts';
import type { Actor } from '../access/actor.ts';
import { revisionContent } from './content-location.ts';
import { openContent } from '../spaces/open-content.ts';
import type { ServiceContext } from '../service-context.ts';

/** A file's bytes, opened for streaming, with what the answer's headers say about them. */
export interface FileDownload {
  file: SnapshotFile;
  size: number;
  stream: Readable;
}

/**
 * Opens the bytes of a file of a revision (the `downloadURL` of a `RevisionFile`): Quire's
 * `GET /v1/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}/download`, authenticated like every route.
 *
 * @example
 * const { file, size, stream } = await openFileDownload(ctx, actor, spaceId, revisionId, fileId);
 */
export async function openFileDownload(ctx: ServiceContext, actor: Actor, spaceId: string, revisionId: string, fileId: string): Promise<FileDownload> {
  const { revision } = await openContent(ctx, actor, spaceId, revisionContent(revisionId));
  const file = revision.files.find((candidate) => candidate.id === fileId);
  if (file === undefined) throw new QuireError('NOT_FOUND', `file ${fileId} does not exist in revision ${revisionId}`, { kind: 'file', id: fileId });
  const { size, stream } = await ctx.store.openBlob(file.blob);
  return { file, size, stream };
}
