import type { Revision } from '@gitbook/api';
import { QuireError } from '../../errors/index.ts';
import { writeDirectory } from '../../format/index.ts';
import type { RevisionBundle } from '../../model/index.ts';
import type { Store, StoredRevision } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { revisionContent } from './content-location.ts';
import { documentIdsOf, readBlobs } from './revision-bodies.ts';
import { openContent, revisionOfSpace } from '../spaces/open-content.ts';
import type { PublishedRevisionDirectory } from './published-content-shapes.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * A revision written out as a Git Sync directory (Quire's `GET .../revisions/{revisionId}/directory`,
 * docs/api-extensions.md `directory`): the format's `writeDirectory` of the revision, with every page and
 * reusable-content body (read in batches) and file bytes, as base64. With `since` (another revision of the space),
 * only the paths whose bytes differ from that revision's directory, and the paths it had that this one has not
 * (`deleted`): what one commit exporting the revision changes. File bytes are read only for the paths answered:
 * a file whose blob is the same in both revisions and stays at its path is never read.
 *
 * @example
 * const { files, deleted } = await getRevisionDirectory(ctx, actor, spaceId, revisionId, { since: previousId });
 */
export async function getRevisionDirectory(ctx: ServiceContext, actor: Actor, spaceId: string, revisionId: string, options: { since?: string } = {}): Promise<PublishedRevisionDirectory> {
  const { revision } = await openContent(ctx, actor, spaceId, revisionContent(revisionId));
  let previous: StoredRevision | undefined;
  if (options.since !== undefined) {
    await revisionOfSpace(ctx, spaceId, options.since).catch(() => {
      throw new QuireError('INVALID_ARGUMENT', `since: revision ${options.since} is not a revision of space ${spaceId}`, { field: 'since' });
    });
    previous = await ctx.store.getRevision(options.since);
  }

  const documents = Object.fromEntries(await ctx.store.getDocuments([...documentIdsOf(revision), ...(previous === undefined ? [] : documentIdsOf(previous))]));
  const placeholders = new BlobPlaceholders();
  const written = writeDirectory(bundleOf(revision, documents, placeholders));
  const before = previous === undefined ? undefined : writeDirectory(bundleOf(previous, documents, placeholders));

  const answered: Array<[string, Uint8Array]> = [];
  for (const [path, bytes] of written) {
    const old = before?.get(path);
    if (old !== undefined && sameBytes(old, bytes, placeholders)) continue;
    answered.push([path, bytes]);
  }
  const files: Record<string, string> = {};
  const real = await placeholders.resolve(ctx.store, answered.map(([, bytes]) => bytes));
  answered.forEach(([path], index) => {
    files[path] = Buffer.from(real[index]!).toString('base64');
  });
  const result: PublishedRevisionDirectory = { files, symlinks: { ...revision.source.symlinks } };
  if (before !== undefined && previous !== undefined) {
    const gone = [...before.keys()].filter((path) => !written.has(path));
    for (const path of Object.keys(previous.source.symlinks)) if (!(path in revision.source.symlinks) && !written.has(path)) gone.push(path);
    result.deleted = gone.sort();
  }
  return result;
}

/**
 * Stand-ins for file bytes, one per blob: the directory is laid out without reading any file, two stand-ins
 * for the same blob are the same bytes, and only the stand-ins of answered paths are then read.
 */
class BlobPlaceholders {
  readonly #byBlob = new Map<string, Uint8Array>();
  readonly #blobOf = new Map<Uint8Array, string>();

  of(blob: string): Uint8Array {
    let placeholder = this.#byBlob.get(blob);
    if (placeholder === undefined) {
      placeholder = new Uint8Array(0);
      this.#byBlob.set(blob, placeholder);
      this.#blobOf.set(placeholder, blob);
    }
    return placeholder;
  }

  blobOf(bytes: Uint8Array): string | undefined {
    return this.#blobOf.get(bytes);
  }

  /** The real bytes of each entry (stand-ins read from the blob store, a few at a time). */
  async resolve(store: Pick<Store, 'getBlob'>, entries: readonly Uint8Array[]): Promise<Uint8Array[]> {
    const out: Uint8Array[] = [...entries];
    const pending = entries.flatMap((bytes, index) => {
      const blob = this.blobOf(bytes);
      return blob === undefined ? [] : [{ index, blob }];
    });
    const read = await readBlobs(store, pending.map(({ blob }) => blob));
    pending.forEach(({ index }, position) => {
      out[index] = read[position]!;
    });
    return out;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array, placeholders: BlobPlaceholders): boolean {
  if (a === b) return true;
  if (placeholders.blobOf(a) !== undefined || placeholders.blobOf(b) !== undefined) return false;
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

function bundleOf(revision: StoredRevision, documents: Record<string, string>, placeholders: BlobPlaceholders): RevisionBundle {
  return {
    revision: { ...revision, urls: { app: '' } } as unknown as Revision,
    documents,
    files: Object.fromEntries(revision.files.map((file) => [file.id, placeholders.of(file.blob)])),
    source: revision.source,
  };
}
