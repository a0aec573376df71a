// bench/links: links and backlinks (issue 14) in a large space. Fills a space with `pages` pages of five links
// each (a page, a URL, an anchor, a missing page, an in-app URL) through the HTTP routes, then measures: the
// first and a later read of the space's links (resolving the merged revision's graph from the stored extracts),
// and a one-page edit (the batch, which extracts that page's links, and the first read of its links after it).
// Usage: npx tsx bench/links/run.ts [pages=10000]
import { cpus } from 'node:os';
import { startTestApp } from '../../src/server/test-app.fixture.ts';

const pages = Number(process.argv[2] ?? 10_000);
const perBatch = 50;

const t = await startTestApp();
const timed = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await fn();
  console.log(`${what.padEnd(52)} ${(performance.now() - started).toFixed(1).padStart(8)} ms`);
  return result;
};
try {
  const space = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Links' } })).body;
  const fill = (await t.call('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'fill' } })).body;
  const body = (n: number) =>
    `Page ${n}.\n\n[first](README.md) [web](https://example.com/${n % 100}) [part](#part) [gone](gone-${n % 50}.md) [app](http://127.0.0.1/v1/spaces/${space.id})\n`;
  const fillStarted = performance.now();
  for (let start = 0; start < pages; start += perBatch) {
    const changes = Array.from({ length: Math.min(perBatch, pages - start) }, (_, index) => ({ operation: 'insert_page', title: `Page ${start + index}`, document: { markdown: body(start + index) } }));
    const answer = await t.call('POST', `/v1/spaces/${space.id}/change-requests/${fill.id}/content`, { body: { changes } });
    if (answer.status !== 200) throw new Error(`batch at ${start}: ${answer.status}`);
  }
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}; ${pages} pages filled in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`);
  await timed('merge the fill', () => t.call('POST', `/v1/spaces/${space.id}/change-requests/${fill.id}/merge`, {}));

  const first = await timed('space links, first read (resolve 10k pages)', () => t.call('GET', `/v1/spaces/${space.id}/links?limit=50`));
  if (first.status !== 200) throw new Error(`links: ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
  console.log(`  ${first.body.stats.total} link items, ${first.body.stats.broken.total} broken`);
  await timed('space links, again (memoized graph)', () => t.call('GET', `/v1/spaces/${space.id}/links?limit=50`));
  await timed('space links, next page', () => t.call('GET', `/v1/spaces/${space.id}/links?limit=50&page=${encodeURIComponent(first.body.next.page)}`));
  await timed('space links, status=broken', () => t.call('GET', `/v1/spaces/${space.id}/links?status=broken&limit=50`));

  const listed = (await t.call('GET', `/v1/spaces/${space.id}/content/pages`)).body;
  const target = listed.pages[Math.floor(listed.pages.length / 2)].id;
  const edit = (await t.call('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'edit' } })).body;
  const changes = [{ operation: 'update_page', page: target, document: { markdown: 'Edited: [first](README.md) [new](new-page.md)\n' } }];
  await timed('one-page edit batch (extracts that page)', () => t.call('POST', `/v1/spaces/${space.id}/change-requests/${edit.id}/content`, { body: { changes } }));
  const pageLinks = await timed('its page links in the CR, first read', () => t.call('GET', `/v1/spaces/${space.id}/change-requests/${edit.id}/content/page/${target}/links`));
  console.log(`  stats ${JSON.stringify(pageLinks.body.stats)}`);
  await timed('its page links in the CR, again', () => t.call('GET', `/v1/spaces/${space.id}/change-requests/${edit.id}/content/page/${target}/links`));
  await timed('merge the one-page edit', () => t.call('POST', `/v1/spaces/${space.id}/change-requests/${edit.id}/merge`, {}));
  await timed('space links after the merge, first read', () => t.call('GET', `/v1/spaces/${space.id}/links?limit=50`));
} finally {
  await t.close();
}
