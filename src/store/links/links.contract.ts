// The links part of the Store contract: every implementation (SQLite, PostgreSQL) must pass it. links.test.ts
// runs it against each, with the same harness as store.contract.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractLinks } from '../../content/link-extraction.ts';
import { extractKey } from '../../content/link-graph.ts';
import { isQuireError } from '../../errors/index.ts';
import type { Store } from '../index.ts';
import { sequentialIds, TestClock, type StoreHarness } from '../store.contract.ts';

/**
 * Defines the links contract tests for one Store implementation.
 *
 * @example
 * describeLinkStoreContract('sqlite', async () => sqliteHarness());
 */
export function describeLinkStoreContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`Store contract: links (${name})`, () => {
    let harness: StoreHarness;
    let store: Store;

    beforeAll(async () => {
      harness = await makeHarness();
      store = await harness.open({ now: new TestClock().now, newId: sequentialIds(`links${Math.random().toString(36).slice(2, 8)}`) });
    });
    afterAll(async () => {
      await store?.close();
      await harness?.dispose();
    });

    it('stores extracts per (document, path), keeps the first of a pair, and reads them back from another store', async () => {
      const body = '[a](b.md) [c](https://example.com)';
      const deep = `${'folder/'.repeat(400)}page.md`;
      const atRoot = { documentId: 'doc-1', pagePath: 'README.md', links: extractLinks(body, 'README.md') };
      const nested = { documentId: 'doc-1', pagePath: deep, links: extractLinks(body, deep) };
      await store.putLinkExtracts([atRoot, nested]);
      // The same pair again is left as it is (an extract is a function of the pair).
      await store.putLinkExtracts([{ ...atRoot, links: [] }]);

      const found = await store.getLinkExtracts([atRoot, nested, { documentId: 'doc-2', pagePath: 'README.md' }]);
      expect(found.get(extractKey(atRoot))).toEqual(atRoot.links);
      expect(found.get(extractKey(nested))).toEqual(nested.links);
      expect(found.get(extractKey(nested))).not.toEqual(atRoot.links);
      expect(found.has(extractKey({ documentId: 'doc-2', pagePath: 'README.md' }))).toBe(false);

      if (harness.concurrentStores) {
        const other = await harness.open({ now: new TestClock().now, newId: sequentialIds(`links${Math.random().toString(36).slice(2, 8)}`) });
        try {
          expect((await other.getLinkExtracts([atRoot])).get(extractKey(atRoot))).toEqual(atRoot.links);
        } finally {
          await other.close();
        }
      }
    });

    it('refuses an extract without a document, a path or a list of links, naming the field', async () => {
      const bad = [{ documentId: '', pagePath: 'a.md', links: [] }, { documentId: 'd', pagePath: '', links: [] }, { documentId: 'd', pagePath: 'a.md', links: 'x' }];
      const fields = ['extracts[0].documentId', 'extracts[0].pagePath', 'extracts[0].links'];
      for (const [index, extract] of bad.entries()) {
        const error = await store.putLinkExtracts([extract as never]).then(() => undefined, (caught: unknown) => caught);
        expect(isQuireError(error, 'INVALID_ARGUMENT')).toBe(true);
        expect((error as { data: { field: string } }).data.field).toBe(fields[index]);
      }
    });

    it('writes nothing when the transaction around it rolls back', async () => {
      const extract = { documentId: 'doc-rolled-back', pagePath: 'a.md', links: extractLinks('[x](y.md)', 'a.md') };
      await store
        .transaction(async (tx) => {
          await tx.putLinkExtracts([extract]);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect((await store.getLinkExtracts([extract])).size).toBe(0);
    });
  });
}
