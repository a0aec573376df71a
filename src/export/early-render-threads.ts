import { autoRenderThreads } from './render-thread-count.ts';
import { startRenderThreads, type RenderThreads } from './render-threads.ts';

/**
 * Starts render threads as soon as a site being fetched or read is known to be large enough for them
 * (`autoRenderThreads`), so that they load the renderer while the rest of the site arrives: `quire export` counts
 * each space's pages when its revision is read, before its content; `quire build` when each folder is read. A site
 * too small for them never starts any.
 *
 * @example
 * const early = new EarlyRenderThreads();
 * const site = await fetchExportSite(client, location, onSpace, (pages) => early.addPages(pages));
 * await exportSite(site, { outDir: 'site', ...early.option() });
 */
export class EarlyRenderThreads {
  private pages = 0;
  private threads: RenderThreads | undefined;

  addPages(pages: number): void {
    this.pages += pages;
    if (this.threads === undefined) this.threads = startRenderThreads(autoRenderThreads(this.pages));
  }

  /** The `renderThreads` option of exportSite: the threads, when started. */
  option(): { renderThreads?: RenderThreads } {
    return this.threads === undefined ? {} : { renderThreads: this.threads };
  }

  /** Stops the threads, when started (exportSite stops them too; this is for a failure before it). */
  async stop(): Promise<void> {
    await this.threads?.stop();
  }
}
