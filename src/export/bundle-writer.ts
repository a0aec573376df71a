import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { QuireError } from '../errors/quire-error.ts';
import { outputPath } from './output-path.ts';

/**
 * Writes files under the output folder of an export, creating each folder once and refusing any path that leaves
 * it (`outputPath`); a file that cannot be written is QuireError `EXPORT_WRITE_FAILED`. Synchronous on purpose:
 * measured on 10,000 pages, promise-based writes (one `mkdir` and one `writeFile` through the thread pool per page)
 * cost 5 s where synchronous ones cost 0.6 s. Each render worker thread has its own writer for the pages it
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
      writeFileSync(absolute, data);
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      throw new QuireError('EXPORT_WRITE_FAILED', `could not write ${absolute}: ${message}`, { path: absolute, ...(code === undefined ? {} : { reason: code }) }, { cause: error });
    }
    return data.byteLength;
  }

  /** Nothing to wait for: every file was written by `write`. */
  async close(): Promise<void> {}

  async abort(): Promise<void> {}
}
