import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { overwriteFile } from '../disk/overwrite-file.ts';
import { QuireError } from '../errors/quire-error.ts';
import type { SearchDocument } from '../render/index.ts';
import { outputPath } from './output-path.ts';
import { SiteSearchIndex } from './search-index.ts';

/**
 * Writes files under the output folder of an export, creating each folder once and refusing any path that leaves
 * it (`outputPath`); a file that cannot be written is QuireError `EXPORT_WRITE_FAILED`. Synchronous on purpose:
 * measured on 10,000 pages, promise-based writes (one `mkdir` and one `writeFile` through the thread pool per page)
 * cost 5 s where synchronous ones cost 0.6 s. A file left by an earlier export is written over in place
 * (`overwriteFile`). It also gathers the site's search index from the pages' documents
 * (`indexPage`) and writes it (`writeSearchIndex`), so that the index is built where the files are written: on the
 * write thread when there is one, off the rendering thread. Each render worker thread has its own writer for the pages it
 * renders; exportSite's own pages go through `ThreadedBundleWriter` (write-thread.ts) when the build has it.
 *
 * @example
 * const writer = new BundleWriter('site');
 * writer.write('guides/index.html', html);
 */
export class BundleWriter {
  /** Bytes written so far. */
  bytes = 0;
  private readonly folders = new Set<string>();
  private search: SiteSearchIndex | undefined;

  constructor(private readonly outDir: string) {}

  write(path: string, content: string | Uint8Array): number {
    const absolute = outputPath(this.outDir, path);
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    this.bytes += data.byteLength;
    const folder = dirname(absolute);
    try {
      if (!this.folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        this.folders.add(folder);
      }
      overwriteFile(absolute, data);
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      throw new QuireError('EXPORT_WRITE_FAILED', `could not write ${absolute}: ${message}`, { path: absolute, ...(code === undefined ? {} : { reason: code }) }, { cause: error });
    }
    return data.byteLength;
  }

  /** Page `pageIndex` of the plan is rendered, with its search document, or none when it is left out of search. */
  indexPage(pageIndex: number, document: SearchDocument | undefined): void {
    (this.search ??= new SiteSearchIndex()).add(pageIndex, document);
  }

  /** Writes the search index of every page indexed so far as the script at `path` (`SiteSearchIndex.script`). */
  writeSearchIndex(path: string): number {
    return this.write(path, (this.search ??= new SiteSearchIndex()).script());
  }

  /** Nothing to wait for: every file was written by `write`. */
  async close(): Promise<void> {}

  async abort(): Promise<void> {}
}
