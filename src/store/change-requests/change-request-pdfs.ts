import type { ChangeRequestPdfsTable } from '../database-schema.ts';
import { notFound } from '../field-checks.ts';
import type { StoreContext } from '../store-context.ts';

/** What a print of a change request is looked up by: the change request, its revision, the variant and the look. */
export interface ChangeRequestPdfKey {
  changeRequestId: string;
  /** The change request's head revision that was printed. */
  revisionId: string;
  /** `all`, `page:<pageId>` (the page and its descendants) or `only:<pageId>`. */
  variant: string;
  /** A hash of what else the print depends on (customization, titles, paper, print template). */
  look: string;
}

/** A PDF printed of a change request: its key, its space, and the blob holding its bytes. */
export interface ChangeRequestPdfRecord extends ChangeRequestPdfKey {
  id: string;
  spaceId: string;
  /** SHA-256 of the PDF bytes, in the blob store. */
  blob: string;
  size: number;
  createdAt: string;
}

export interface NewChangeRequestPdf extends ChangeRequestPdfKey {
  id?: string;
  spaceId: string;
  blob: string;
  size: number;
}

export interface ChangeRequestPdfStore {
  /** The print recorded for `key`, or undefined when there is none yet. */
  findChangeRequestPdf(key: ChangeRequestPdfKey): Promise<ChangeRequestPdfRecord | undefined>;
  /**
   * Records a print (its bytes already stored as a blob). When another process recorded one for the same key
   * first, that one is kept and returned: every process then hands out the same PDF.
   *
   * @example
   * const pdf = await store.recordChangeRequestPdf({ spaceId, changeRequestId, revisionId, variant: 'all', look, blob: hash, size });
   */
  recordChangeRequestPdf(input: NewChangeRequestPdf): Promise<ChangeRequestPdfRecord>;
  /** A print by id; `NOT_FOUND` when there is none. */
  getChangeRequestPdf(id: string): Promise<ChangeRequestPdfRecord>;
}

/**
 * The change-request PDF methods of a Store.
 *
 * @example
 * const pdfs = changeRequestPdfStore(context);
 */
export function changeRequestPdfStore(context: StoreContext): ChangeRequestPdfStore {
  const find = async (key: ChangeRequestPdfKey): Promise<ChangeRequestPdfRecord | undefined> => {
    const row = await context
      .db()
      .selectFrom('change_request_pdfs')
      .selectAll()
      .where('change_request_id', '=', key.changeRequestId)
      .where('revision_id', '=', key.revisionId)
      .where('variant', '=', key.variant)
      .where('look', '=', key.look)
      .executeTakeFirst();
    return row === undefined ? undefined : toRecord(row);
  };
  return {
    findChangeRequestPdf: find,
    async recordChangeRequestPdf(input) {
      const row: ChangeRequestPdfsTable = {
        id: input.id ?? context.newId(),
        space_id: input.spaceId,
        change_request_id: input.changeRequestId,
        revision_id: input.revisionId,
        variant: input.variant,
        look: input.look,
        blob: input.blob,
        size: input.size,
        created_at: context.timestamp(),
      };
      // One statement: two processes printing the same key at once both succeed, and the first row stays.
      await context
        .db()
        .insertInto('change_request_pdfs')
        .values(row)
        .onConflict((conflict) => conflict.columns(['change_request_id', 'revision_id', 'variant', 'look']).doNothing())
        .execute();
      const kept = await find(input);
      if (kept === undefined) throw notFound('change request PDF of change request', input.changeRequestId);
      return kept;
    },
    async getChangeRequestPdf(id) {
      const row = await context.db().selectFrom('change_request_pdfs').selectAll().where('id', '=', id).executeTakeFirst();
      if (row === undefined) throw notFound('change request PDF', id);
      return toRecord(row);
    },
  };
}

function toRecord(row: ChangeRequestPdfsTable): ChangeRequestPdfRecord {
  return {
    id: row.id,
    spaceId: row.space_id,
    changeRequestId: row.change_request_id,
    revisionId: row.revision_id,
    variant: row.variant,
    look: row.look,
    blob: row.blob,
    size: Number(row.size),
    createdAt: row.created_at,
  };
}
