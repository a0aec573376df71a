// The OpenAPI-spec part of the Store contract: every implementation (SQLite, PostgreSQL) must pass it.
// openapi-specs.test.ts runs it against each, with the same harness as store.contract.ts.
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import type { Store } from '../index.ts';
import { openStoreForEachTest, type StoreHarness, type TestClock } from '../store.contract.ts';

/**
 * Defines the OpenAPI-spec contract tests for one Store implementation.
 *
 * @example
 * describeOpenApiSpecStoreContract('sqlite', async () => sqliteHarness());
 */
export function describeOpenApiSpecStoreContract(name: string, makeHarness: () => Promise<StoreHarness>): void {
  describe(`Store contract: OpenAPI specs (${name})`, () => {
    let store: Store;
    let clock: TestClock;
    openStoreForEachTest(name, makeHarness, (opened) => ({ store, clock } = opened));
    const success = (hash: string) => ({ ok: true as const, filesystem: [{ filename: 'openapi.yaml', hash }], contentHash: hash });

    it('creates, finds, lists, changes and deletes specs; a taken slug is CONFLICT naming slug', async () => {
      const org = await store.createOrganization({ title: 'Acme' });
      const pets = await store.createOpenApiSpec({ organizationId: org.id, slug: 'pets', source: { url: 'https://api.example.com/pets.yaml' } });
      expect(pets).toMatchObject({ slug: 'pets', processingState: 'pending', visibility: 'private', generation: 1, lastProcessedErrorCount: 0, source: { url: 'https://api.example.com/pets.yaml' } });
      const inline = await store.createOpenApiSpec({ organizationId: org.id, slug: 'inline', source: { text: 'openapi: 3.1.0' } });
      const error = await store.createOpenApiSpec({ organizationId: org.id, slug: 'pets', source: { text: 'x' } }).catch((caught: unknown) => caught);
      expect(isQuireError(error, 'CONFLICT') && error.data.field).toBe('slug');
      expect(await store.findOpenApiSpec(org.id, 'pets')).toEqual(pets);
      expect(await store.findOpenApiSpec(org.id, 'nope')).toBeUndefined();
      const page = await store.listOpenApiSpecs(org.id, { limit: 1 });
      expect(page.items.map((spec) => spec.slug)).toEqual(['inline']);
      expect((await store.listOpenApiSpecs(org.id, { page: page.next!.page })).items.map((spec) => spec.slug)).toEqual(['pets']);
      expect(await store.updateOpenApiSpecSource(inline.id, { url: 'https://api.example.com/v2.yaml' })).toMatchObject({ generation: 2, source: { url: 'https://api.example.com/v2.yaml' } });
      expect(await store.setOpenApiSpecVisibility(pets.id, 'public')).toMatchObject({ visibility: 'public' });
      expect(await store.deleteOpenApiSpec(pets.id)).toBe(true);
      expect(await store.deleteOpenApiSpec(pets.id)).toBe(false);
      expect(isQuireError(await store.getOpenApiSpecById(pets.id).catch((caught: unknown) => caught), 'NOT_FOUND')).toBe(true);
    });

    it('leases processing to exactly one of two claimers; an expired lease can be claimed again', async () => {
      const org = await store.createOrganization({ title: 'Acme' });
      const spec = await store.createOpenApiSpec({ organizationId: org.id, slug: 'pets', source: { text: 'x' } });
      expect(await store.listClaimableOpenApiSpecs(1000)).toContain(spec.id); // other tests' specs share the database
      const claims = await Promise.all([store.claimOpenApiSpec(spec.id, 'a', 60_000), store.claimOpenApiSpec(spec.id, 'b', 60_000)]);
      const winners = claims.filter((claim) => claim !== undefined);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toMatchObject({ processingState: 'progress', generation: 1 });
      const winner = winners[0]!.leaseHolder!;
      const loser = winner === 'a' ? 'b' : 'a';
      expect(await store.listClaimableOpenApiSpecs(1000)).not.toContain(spec.id);
      expect(await store.claimOpenApiSpec(spec.id, loser, 60_000)).toBeUndefined();

      clock.advance(61_000); // the winner's process died: its lease ran out
      expect(await store.listClaimableOpenApiSpecs(1000)).toContain(spec.id); // other tests' specs share the database
      expect(await store.claimOpenApiSpec(spec.id, loser, 60_000)).toMatchObject({ leaseHolder: loser, processingState: 'progress' });
      // The first holder, back, can neither renew nor finish.
      expect(await store.renewOpenApiSpecLease(spec.id, winner, 60_000)).toBe(false);
      expect(await store.finishOpenApiSpecProcessing(spec.id, winner, 1, success('h1'))).toBeUndefined();
      expect(await store.renewOpenApiSpecLease(spec.id, loser, 60_000)).toBe(true);
      const done = await store.finishOpenApiSpecProcessing(spec.id, loser, 1, success('h1'));
      expect(done).toMatchObject({ processingState: 'complete' });
      expect(done?.leaseHolder).toBeUndefined();
      expect((await store.listOpenApiSpecVersions(spec.id)).items).toHaveLength(1);
    });

    it('keeps a new version only when the content changed, records failures, and re-queues work asked for meanwhile', async () => {
      const org = await store.createOrganization({ title: 'Acme' });
      const spec = await store.createOpenApiSpec({ organizationId: org.id, slug: 'pets', source: { url: 'https://api.example.com/pets.yaml' } });
      const process = async (outcome: Parameters<Store['finishOpenApiSpecProcessing']>[3]) => {
        const claimed = await store.claimOpenApiSpec(spec.id, 'p', 60_000);
        return store.finishOpenApiSpecProcessing(spec.id, 'p', claimed!.generation, outcome);
      };
      const first = await process(success('h1'));
      expect(first?.lastVersionId).toBeDefined();
      await store.requestOpenApiSpecProcessing(spec.id);
      expect((await process(success('h1')))?.lastVersionId).toBe(first?.lastVersionId); // same content: no new version
      await store.requestOpenApiSpecProcessing(spec.id);
      const failed = await process({ ok: false, errorCode: 'FETCH_ERROR', errors: [{ message: 'HTTP 500', code: 'HTTP_STATUS' }], errorCount: 1 });
      expect(failed).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR', lastProcessedErrors: [{ message: 'HTTP 500', code: 'HTTP_STATUS' }], lastProcessedErrorCount: 1, lastVersionId: first?.lastVersionId });
      await store.requestOpenApiSpecProcessing(spec.id);
      const second = await process(success('h2'));
      expect(second?.lastVersionId).not.toBe(first?.lastVersionId);
      expect(second?.lastProcessErrorCode).toBeUndefined();
      const versions = await store.listOpenApiSpecVersions(spec.id);
      expect(versions.items.map((version) => version.contentHash)).toEqual(['h2', 'h1']);
      expect(await store.getOpenApiSpecVersion(spec.id, second!.lastVersionId!)).toMatchObject({ contentHash: 'h2', sourceUrl: 'https://api.example.com/pets.yaml', filesystem: [{ filename: 'openapi.yaml', hash: 'h2' }] });

      // A new source while processing: the run's end leaves the spec pending for the new generation.
      await store.requestOpenApiSpecProcessing(spec.id);
      const claimed = await store.claimOpenApiSpec(spec.id, 'p', 60_000);
      await store.updateOpenApiSpecSource(spec.id, { url: 'https://api.example.com/v3.yaml' });
      expect(await store.finishOpenApiSpecProcessing(spec.id, 'p', claimed!.generation, success('h3'))).toMatchObject({ processingState: 'pending' });
      expect(await store.listClaimableOpenApiSpecs(1000)).toContain(spec.id); // other tests' specs share the database
    });

    it('asks for a refresh of URL specs processed before a time, not of text specs', async () => {
      const org = await store.createOrganization({ title: 'Acme' });
      const byUrl = await store.createOpenApiSpec({ organizationId: org.id, slug: 'url', source: { url: 'https://api.example.com/a.yaml' } });
      const byText = await store.createOpenApiSpec({ organizationId: org.id, slug: 'text', source: { text: 'x' } });
      for (const spec of [byUrl, byText]) {
        await store.claimOpenApiSpec(spec.id, 'p', 60_000);
        await store.finishOpenApiSpecProcessing(spec.id, 'p', 1, success(spec.slug));
      }
      expect(await store.requestOpenApiSpecRefreshes(new Date(Date.parse('2025-01-01T00:00:00Z') - 1).toISOString())).toBe(0); // nothing processed before the clock started
      clock.advance(3_600_000);
      expect(await store.requestOpenApiSpecRefreshes(clock.now().toISOString())).toBeGreaterThanOrEqual(1); // the database is shared with other tests
      expect(await store.getOpenApiSpecById(byUrl.id)).toMatchObject({ processingState: 'pending', generation: 2 });
      expect(await store.getOpenApiSpecById(byText.id)).toMatchObject({ processingState: 'complete', generation: 1 });
    });
  });
}
