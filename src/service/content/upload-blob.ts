import type { Readable } from 'node:stream';
import { QuireError } from '../../errors/index.ts';
import { fileTooLarge } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { spaceAccess } from '../access/content-access.ts';
import { requireEditable } from '../spaces/editable-space.ts';
import type { PublishedUploadedBlob } from './published-content-shapes.ts';
import { maxFileBytesOf, type ServiceContext } from '../service-context.ts';

/** What the uploader announces: the size (required), and the SHA-256 and Git blob id it expects, if it wants them checked. */
export interface BlobUploadClaims {
  size: number;
  sha256?: string | undefined;
  oid?: string | undefined;
}

/**
 * `POST /v1/spaces/{spaceId}/quire/blobs` (docs/api-extensions.md, `file-uploads`): stores the raw bytes of a
 * file streamed in the request body, without holding them in memory, and answers the handle (`blob`: the
 * SHA-256) that `insert_files` and `quire_update_file` then name instead of `base64`. A size over the server's
 * limit is refused before a byte is read (`FILE_TOO_LARGE`); a body whose size or digests differ from the
 * announced ones is a 400 and nothing is kept. Needs `edit` on an unlocked space.
 *
 * @example
 * await uploadBlob(ctx, actor, spaceId, request.raw, { size: 5_000_000, oid: '3b18e512dba79e4c8300dd08aeb37f8e728b8dad' });
 */
export async function uploadBlob(ctx: ServiceContext, actor: Actor, spaceId: string, body: Readable, claims: BlobUploadClaims): Promise<PublishedUploadedBlob> {
  const maxBytes = maxFileBytesOf(ctx);
  try {
    const access = await spaceAccess(ctx, actor, spaceId);
    requireEditable(access, `upload files to space ${spaceId}`);
    if (!Number.isSafeInteger(claims.size) || claims.size < 0) throw new QuireError('INVALID_ARGUMENT', 'size must be the number of bytes of the body', { field: 'size' });
    if (claims.size > maxBytes) throw fileTooLarge(claims.size, maxBytes);
  } catch (error) {
    // Drained, not cut: the client then reads the answer instead of a reset connection.
    body.resume();
    throw error;
  }
  const written = await ctx.store.putBlobStream(body, { size: claims.size, maxBytes, sha256: claims.sha256, gitOid: claims.oid });
  return { object: 'quire-blob', blob: written.hash, size: written.size, oid: written.gitOid };
}
