/**
 * Uploads the files a batch names by `blob` (`file-uploads`), just before the batch is sent: the bytes go as a
 * raw stream, never as base64 inside the batch. A file the server refuses (over its limit, 413) fails the change
 * that names it, reported with the file's path and the server's message; the other changes are still sent.
 */
import { ApiRequestError } from '../client/index.ts';
import type { SendableChange } from './planned-change.ts';
import type { SyncContext } from './sync-context.ts';

/**
 * The uploads of one change request by blob: a file is sent once, also when its batch is sent again in halves
 * (413) or change by change (400). Each answer is the server's refusal, or undefined.
 */
export type BlobUploads = Map<string, Promise<string | undefined>>;

/**
 * The changes of `batch` whose uploads all went through (or that had none); each other one is given to `fail`
 * with the server's reason.
 *
 * @example
 * const uploads: BlobUploads = new Map();
 * const ready = await uploadFiles(batch, context, uploads, (planned, reason) => refusals.push({ planned, reason }));
 */
export async function uploadFiles(
  batch: readonly SendableChange[],
  context: SyncContext,
  uploaded: BlobUploads,
  fail: (planned: SendableChange, reason: string) => void,
): Promise<SendableChange[]> {
  const upload = (blob: string, bytes: Uint8Array): Promise<string | undefined> => {
    let pending = uploaded.get(blob);
    if (pending === undefined) {
      pending = context.client.uploadBlob(context.spaceId, bytes).then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof ApiRequestError && (error.status === 413 || error.status === 400)) return error.data.serverMessage ?? error.message;
          throw error;
        },
      );
      uploaded.set(blob, pending);
    }
    return pending;
  };
  const outcomes = await Promise.all(
    batch.map(async (planned) => {
      const refusals = await Promise.all((planned.uploads ?? []).map((file) => upload(file.blob, file.bytes)));
      return refusals.find((refusal) => refusal !== undefined);
    }),
  );
  return batch.filter((planned, index) => {
    const refusal = outcomes[index];
    if (refusal === undefined) return true;
    fail(planned, `the server refused the upload: ${refusal}`);
    return false;
  });
}
