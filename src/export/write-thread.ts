import { Worker } from 'node:worker_threads';
import { workerEntry } from '../disk/worker-entry.ts';
import { QuireError, type ErrorData } from '../errors/quire-error.ts';
import type { SearchDocument } from '../render/index.ts';
import { outputPath } from './output-path.ts';

/** A page's search document (or none) for the site's index, by the page's index in the plan. */
export type IndexedPage = [pageIndex: number, document: SearchDocument | undefined];

/**
 * A batch for the write thread: files (paths in the output folder, in order) and the search documents of pages
 * rendered meanwhile; `search-index` writes the index of every document sent so far at `path`; `yield` lowers the
 * thread's priority (`yieldToRendering`); then `end`.
 */
export type WriteRequest =
  | { type: 'files'; files: Array<[string, string | Uint8Array]>; pages: IndexedPage[] }
  | { type: 'search-index'; path: string }
  | { type: 'yield'; niceness: number }
  | { type: 'end' };
/**
 * What the write thread answers to `end`: every file written (with the bytes it wrote, the search index's
 * included), or the first that failed (the rest skipped).
 */
export type WriteReply = { type: 'ended'; bytes: number } | { type: 'failed'; failure: WriteFailure };
/** What the write thread is started with. */
export interface WriteThreadData {
  outDir: string;
}

/**
 * The write thread's nice value while the export renders on one thread alone (`yieldToRendering`). On 2 cores the
 * write thread shares the second with V8's compiler threads, which optimize the renderer's code: the sooner they do,
 * the sooner the rendering thread runs optimized code. The write thread's work can wait: it catches up on what is
 * queued while the last pages render. 1,000 mixed pages through the API, three sets of 12 to 30 alternating runs:
 * 19 to 32 ms less a run at nice 10 (BENCHMARKS.md, issue 17); 5 and 19 were not better. `quire export` and `quire
 * build` put V8's helper threads at the same niceness (src/cli/helper-threads.ts); with them there, 5 and 15 were not
 * better either.
 */
export const yieldingWriteThreadNiceness = 10;

/** `EXPORT_WRITE_FAILED` as the write thread's `BundleWriter` threw it. */
export interface WriteFailure {
  message: string;
  data: ErrorData;
}

/** What exportSite writes through: `BundleWriter` in this thread, or `ThreadedBundleWriter`. */
export interface ExportFileWriter {
  /**
   * Bytes written so far; the exporter adds those of the pages render worker threads wrote. A writer with a thread
   * of its own counts them there, and knows them once `close` has resolved.
   */
  bytes: number;
  /** Writes (or hands over) one file of the bundle. */
  write(path: string, content: string | Uint8Array): void;
  /** Adds page `pageIndex`'s search document (or its absence) to the site's search index. */
  indexPage(pageIndex: number, document: SearchDocument | undefined): void;
  /** Writes (or has written) the search index of every page indexed so far, as the script at `path`. */
  writeSearchIndex(path: string): void;
  /** Every file handed over is written; rejects with the first that could not be. */
  close(): Promise<void>;
  /** Stops at once, whatever is left unwritten (the export failed anyway). */
  abort(): Promise<void>;
}

/** Files handed over at a time: a message each 32 files keeps messaging cheap and the thread busy. */
const BATCH = 32;

/**
 * Writes an export's files on a thread of its own, so that the kernel's work of making folders and files overlaps
 * with rendering on the other core. Written in the rendering thread, they cost far more than alone: on issue 17's
 * 2-core machine, the 1,029 files of the 1,000-page export took 0.6 s of its 2.4 s there, where writing the same
 * files in a loop takes 0.1 s. The site's search index is built there too, from the pages' documents sent with
 * the files (150 ms of the rendering thread's 1.2 s at 1,000 mixed pages). Paths are checked here (`outputPath`),
 * at once; write failures are reported by `close` (QuireError `EXPORT_WRITE_FAILED`, naming the file).
 *
 * @example
 * const writer = ThreadedBundleWriter.start('site') ?? new BundleWriter('site'); // bundle-writer.ts
 * writer.write('guides/index.html', html);
 * await writer.close();
 */
export class ThreadedBundleWriter implements ExportFileWriter {
  bytes = 0;
  #pending: Array<[string, string | Uint8Array]> = [];
  #pages: IndexedPage[] = [];
  #stopped = false;
  /** The thread's answer to `end`; rejected if it fails or exits first (listened to from the start: an unheard `error` would throw). */
  readonly #ended: Promise<WriteReply>;

  private constructor(
    /** The output folder the thread writes into. */
    readonly outDir: string,
    private readonly worker: Worker,
  ) {
    this.#ended = new Promise<WriteReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the export's write thread stopped (exit code ${code}) before writing every file`)));
    });
    this.#ended.catch(() => undefined); // reported by close
  }

  /**
   * A writer on a new thread; undefined when this build has no write thread entry (`write-worker-entry.mjs`). The
   * thread boots (a Node environment and its module, about 30 to 40 ms of CPU) and then waits for files: the
   * commands start it before they fetch or read the site, while the second core has little else to do, and hand it
   * to exportSite (`writeThread`), instead of booting it beside the first pages to render.
   */
  static start(outDir: string): ThreadedBundleWriter | undefined {
    const entry = workerEntry('write-worker-entry.mjs', import.meta.url);
    const workerData: WriteThreadData = { outDir };
    return entry === undefined ? undefined : new ThreadedBundleWriter(outDir, new Worker(entry, { execArgv: [], workerData }));
  }

  /**
   * Has the thread run at a lower priority from now on, where threads have their own (`yieldingWriteThreadNiceness`):
   * for an export that renders on one thread alone. With render worker threads too, all the cores render, and a
   * write thread that yielded to them would fall behind and hold the pages it has not written.
   */
  yieldToRendering(): void {
    this.worker.postMessage({ type: 'yield', niceness: yieldingWriteThreadNiceness } satisfies WriteRequest);
  }

  write(path: string, content: string | Uint8Array): void {
    outputPath(this.outDir, path); // refused here, at once; the thread's BundleWriter checks it again
    // Not measured here: the thread counts the bytes as it encodes them (the UTF-8 lengths of the pages took 13 ms
    // of the rendering thread in profiles of the 1,000-page mixed export).
    this.#pending.push([path, content]);
    if (this.#pending.length >= BATCH) this.#send();
  }

  indexPage(pageIndex: number, document: SearchDocument | undefined): void {
    this.#pages.push([pageIndex, document]);
  }

  writeSearchIndex(path: string): void {
    outputPath(this.outDir, path);
    this.#send();
    this.worker.postMessage({ type: 'search-index', path } satisfies WriteRequest);
  }

  async close(): Promise<void> {
    this.#send();
    this.worker.postMessage({ type: 'end' } satisfies WriteRequest);
    // Every file is written once the thread answers: its stopping is not waited for (15 to 20 ms at the end of
    // each export).
    const reply = await this.#ended.finally(() => void this.abort());
    if (reply.type === 'failed') throw new QuireError('EXPORT_WRITE_FAILED', reply.failure.message, reply.failure.data);
    this.bytes += reply.bytes;
  }

  async abort(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.worker.removeAllListeners();
    await this.worker.terminate();
  }

  #send(): void {
    if (this.#pending.length === 0 && this.#pages.length === 0) return;
    this.worker.postMessage({ type: 'files', files: this.#pending, pages: this.#pages } satisfies WriteRequest);
    this.#pending = [];
    this.#pages = [];
  }
}
