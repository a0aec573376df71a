import { documentIdOf } from '../../model/index.ts';
import { notFound } from '../field-checks.ts';
import type { StoreContext } from '../store-context.ts';
import { QuireError } from '../../errors/index.ts';

const readBatch = 500;
/** Rows per insert of `putDocuments`: well under both engines' limits on bound parameters (3 a row). */
const writeBatch = 500;

/** The id of a document, as everywhere in Quire (src/model/content-id.ts): derived from the Markdown, so a body is stored once. */
export const documentIdFor = documentIdOf;

export interface DocumentStore {
  /**
   * Stores a page or reusable-content body and returns its id (`documentId`); storing the same Markdown again
   * writes nothing.
   *
   * @example
   * const documentId = await store.putDocument('# Install\n\nRun `npm i quire`.\n');
   */
  putDocument(markdown: string): Promise<string>;
  /**
   * Stores many bodies, a few hundred to a statement (a batch of 500 pages of an import wrote 500 statements),
   * and returns their ids in their order; as `putDocument`, a body stored already writes nothing.
   *
   * @example
   * const [a, b] = await store.putDocuments(['# A\n', '# B\n']);
   */
  putDocuments(markdowns: readonly string[]): Promise<string[]>;
  /** The Markdown of a document; `NOT_FOUND` when there is none. */
  getDocument(id: string): Promise<string>;
  /** Many documents at once (batched reads); ids that do not exist are absent from the map. */
  getDocuments(ids: Iterable<string>): Promise<Map<string, string>>;
}

/**
 * The document methods of a Store.
 *
 * @example
 * const documents = documentStore(context);
 */
export function documentStore(context: StoreContext): DocumentStore {
  /** Stores checked bodies, `writeBatch` to a statement; a body stored already writes nothing. Their ids, in order. */
  const insertDocuments = async (markdowns: readonly string[]): Promise<string[]> => {
    const ids = markdowns.map((markdown) => documentIdFor(markdown));
    // One row per id: a statement inserting the same key twice would still do nothing the second time, but
    // there is no need to send the text twice.
    const rows = [...new Map(markdowns.map((markdown, index) => [ids[index]!, markdown])).entries()];
    const createdAt = context.timestamp();
    for (let start = 0; start < rows.length; start += writeBatch) {
      await context
        .db()
        .insertInto('documents')
        .values(rows.slice(start, start + writeBatch).map(([id, markdown]) => ({ id, markdown, created_at: createdAt })))
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    }
    return ids;
  };
  return {
    async putDocument(markdown) {
      if (typeof markdown !== 'string') throw new QuireError('INVALID_ARGUMENT', 'markdown must be a string', { field: 'markdown' });
      const [id] = await insertDocuments([markdown]);
      return id!;
    },
    async putDocuments(markdowns) {
      if (!Array.isArray(markdowns) || markdowns.some((markdown) => typeof markdown !== 'string')) throw new QuireError('INVALID_ARGUMENT', 'markdowns must be strings', { field: 'markdowns' });
      return insertDocuments(markdowns);
    },
    async getDocument(id) {
      // A document's id is derived from its text and documents are never deleted: a text read once is right forever.
      const key = `document:${id}`;
      const known = context.objects.recall<string>(key);
      if (known !== undefined) return known;
      const row = await context.db().selectFrom('documents').select('markdown').where('id', '=', id).executeTakeFirst();
      if (row === undefined) throw notFound('document', id);
      context.objects.remember(key, row.markdown, row.markdown.length);
      return row.markdown;
    },
    async getDocuments(ids) {
      const wanted = [...new Set(ids)];
      const out = new Map<string, string>();
      for (let start = 0; start < wanted.length; start += readBatch) {
        const rows = await context.db().selectFrom('documents').select(['id', 'markdown']).where('id', 'in', wanted.slice(start, start + readBatch)).execute();
        for (const row of rows) out.set(row.id, row.markdown);
      }
      return out;
    },
  };
}

/**
 * Which of `ids` are not stored documents.
 *
 * @example
 * const missing = await missingDocuments(context, ['k3J…']);
 */
export async function missingDocuments(context: StoreContext, ids: Iterable<string>): Promise<Set<string>> {
  const missing = new Set(ids);
  const wanted = [...missing];
  for (let start = 0; start < wanted.length; start += readBatch) {
    const rows = await context.db().selectFrom('documents').select('id').where('id', 'in', wanted.slice(start, start + readBatch)).execute();
    for (const row of rows) missing.delete(row.id);
  }
  return missing;
}
