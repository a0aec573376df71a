import { renderSitePage, type ChromeCache, type RenderedPage, type SitePlan } from '../render/index.ts';
import { threadIconLibrary } from './icon-library.ts';
import type { RenderThreads, WrittenPage } from './render-threads.ts';

export type { WrittenPage } from './render-threads.ts';

/** Pages this thread renders before it lets worker replies and writes through. */
const mainBatch = 8;

/**
 * Renders every page of a plan and hands each to `consume`. This thread always renders, and `consume` writes those
 * pages; with `threads` (render-threads.ts) their worker threads render too, taking batches from the same queue,
 * and write the pages they render into `outDir` themselves (so the writing is shared too): `consume` gets those as
 * `WrittenPage`s. Until a thread is ready (loading the renderer, receiving the plan) this thread is already working.
 * `consume` may return a promise to slow rendering down while writes catch up. The caller stops `threads`.
 * Resolves to the number of worker threads that rendered: none when the plan has too few pages to share.
 *
 * @example
 * await renderPages(plan, startRenderThreads(1), 'site', (page) => ('bytes' in page ? count(page) : write(page.folder, page.html)));
 */
export async function renderPages(plan: SitePlan, threads: RenderThreads | undefined, outDir: string, consume: (page: RenderedPage | WrittenPage) => void | Promise<void>): Promise<number> {
  const total = plan.pages.length;
  let next = 0;
  const take = (size: number): number[] => {
    const indices: number[] = [];
    while (indices.length < size && next < total) indices.push(next++);
    return indices;
  };
  // Pages from workers and from this thread reach `consume` one at a time, in the order they finish.
  let chain = Promise.resolve();
  const hand = (pages: Array<RenderedPage | WrittenPage>) => {
    chain = chain.then(async () => {
      for (const page of pages) await consume(page);
    });
    return chain;
  };

  const pool = threads !== undefined && total > mainBatch ? threads.render(plan, outDir, take, hand) : undefined;
  const cache: ChromeCache = new Map();
  const icons = threadIconLibrary();
  for (let batch = take(mainBatch); batch.length > 0; batch = take(mainBatch)) {
    await hand(batch.map((index) => renderSitePage(plan, index, cache, icons)));
    if (pool) await new Promise((resolve) => setImmediate(resolve));
  }
  if (pool) await pool;
  await chain;
  return pool ? threads!.count : 0;
}
