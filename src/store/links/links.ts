import { extractKey, type ExtractKey } from '../../content/link-graph.ts';
import type { ExtractedLink } from '../../content/link-extraction.ts';
import { QuireError } from '../../errors/index.ts';
import { sha256Hex } from '../blobs/content-hash.ts';
import { LruCache } from '../lru-cache.ts';
import type { StoreContext } from '../store-context.ts';

/*
 * Links and backlinks (issue 14): what is stored, and why.
 *
 * Extracting the links of a body (`extractLinks`, src/content/link-extraction.ts) is a pure function of the body
 * and the path of the page's file, so its result is stored once per (document id, page path), like documents
 * are stored once per text: a revision written after a one-page edit extracts that one page, and every other
 * page's links are already stored under a pair it shares with its parent. Statuses are not stored: a link's
 * target is looked up in the layout of the revision being read (`resolveLinkGraph`, two hash lookups a link),
 * so a deleted page's links turn `broken` in every revision without it, with nothing rewritten. The service keeps
 * the resolved graph of a revision in memory (revisions never change), so listing the pages of a long list costs
 * one resolution.
 *
 * Measured on this 2-core machine, SQLite, a 10,000-page space with five links a page (`npx tsx
 * bench/links/run.ts`, three runs): the first read of the space's links 0.8 to 1.0 s (laying out and resolving
 * 50,000 links), later pages of the list 10 to 15 ms; a one-page edit batch 0.8 to 1.2 s with and without the
 * extraction (it adds one page's scan and a 10,000-key lookup in memory, lost in the batch's own cost on that
 * tree), and the first read of the edited page's links in the change request 0.15 to 0.6 s. Storing resolved
 * rows per revision instead would make the first read cheaper but every write pay for a whole-tree resolution
 * (a one-page move changes the status of links in any page), which is why statuses are resolved on read.
 */

/** The links of one body at one path, as stored. */
export interface LinkExtract extends ExtractKey {
  links: readonly ExtractedLink[];
}

export interface LinkStore {
  /**
   * Stores extracted links; a pair stored already is left as it is (an extract never changes: it is a function
   * of the pair).
   *
   * @example
   * await store.putLinkExtracts([{ documentId, pagePath: 'README.md', links: extractLinks(body, 'README.md') }]);
   */
  putLinkExtracts(extracts: readonly LinkExtract[]): Promise<void>;
  /**
   * The stored extracts of `keys`, by `extractKey(key)`; pairs never stored are absent. Served from memory when
   * this store read or wrote them lately.
   *
   * @example
   * const found = await store.getLinkExtracts([{ documentId, pagePath: 'README.md' }]);
   * found.get(extractKey({ documentId, pagePath: 'README.md' })) // → [{ relation: 'reference', target: ... }]
   */
  getLinkExtracts(keys: readonly ExtractKey[]): Promise<Map<string, readonly ExtractedLink[]>>;
}

const readBatch = 500;
/** About 200,000 links: the extracts of a few large spaces. */
const cachedLinks = 200_000;

/**
 * The link methods of a Store.
 *
 * @example
 * const links = linkStore(context);
 */
export function linkStore(context: StoreContext): LinkStore {
  const cache = new LruCache<readonly ExtractedLink[]>(cachedLinks);
  const remember = (key: string, links: readonly ExtractedLink[]) => cache.set(key, Object.freeze(links), Math.max(1, links.length));
  return {
    async putLinkExtracts(extracts) {
      const rows = new Map<string, { key: string; document_id: string; page_path: string; links: string; created_at: string }>();
      for (const [index, extract] of extracts.entries()) {
        checkExtract(extract, index);
        const key = extractKey(extract);
        if (cache.has(key)) continue;
        rows.set(key, { key: sha256Hex(key), document_id: extract.documentId, page_path: extract.pagePath, links: JSON.stringify(extract.links), created_at: context.timestamp() });
      }
      const values = [...rows.values()];
      const inserted = new Set<string>();
      for (let start = 0; start < values.length; start += readBatch) {
        const written = await context
          .db()
          .insertInto('link_extracts')
          .values(values.slice(start, start + readBatch))
          .onConflict((conflict) => conflict.column('key').doNothing())
          .returning('key')
          .execute();
        for (const row of written) inserted.add(row.key);
      }
      // Only what this call wrote: a pair stored before keeps its stored extract, in the cache as in the table.
      context.afterCommit(() => {
        for (const extract of extracts) {
          const key = extractKey(extract);
          if (inserted.has(rows.get(key)?.key ?? '')) remember(key, extract.links);
        }
      });
    },
    async getLinkExtracts(keys) {
      const found = new Map<string, readonly ExtractedLink[]>();
      const wanted = new Map<string, string>();
      for (const key of keys) {
        const name = extractKey(key);
        const cached = cache.get(name);
        if (cached !== undefined) found.set(name, cached);
        else wanted.set(sha256Hex(name), name);
      }
      const hashes = [...wanted.keys()];
      for (let start = 0; start < hashes.length; start += readBatch) {
        const rows = await context.db().selectFrom('link_extracts').select(['key', 'links']).where('key', 'in', hashes.slice(start, start + readBatch)).execute();
        for (const row of rows) {
          const name = wanted.get(row.key)!;
          const links = JSON.parse(row.links) as ExtractedLink[];
          found.set(name, links);
          if (!context.inTransaction) remember(name, links);
        }
      }
      return found;
    },
  };
}

function checkExtract(extract: LinkExtract, index: number): void {
  const field = `extracts[${index}]`;
  if (typeof extract?.documentId !== 'string' || extract.documentId === '') throw new QuireError('INVALID_ARGUMENT', `${field}.documentId must be a document id`, { field: `${field}.documentId` });
  if (typeof extract.pagePath !== 'string' || extract.pagePath === '') throw new QuireError('INVALID_ARGUMENT', `${field}.pagePath must be a path`, { field: `${field}.pagePath` });
  if (!Array.isArray(extract.links)) throw new QuireError('INVALID_ARGUMENT', `${field}.links must be a list`, { field: `${field}.links` });
}
