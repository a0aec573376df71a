import { Worker } from 'node:worker_threads';
import { workerEntry } from '../disk/worker-entry.ts';
import { QuireError, type ErrorData } from '../errors/quire-error.ts';
import { outputPath } from './output-path.ts';

/** A batch of files for the write thread (paths in the output folder, in order), then `end`. */
export type WriteRequest = { type: 'files'; files: Array<[string, string | Uint8Array]> } | { type: 'end' };
/** What the write thread answers to `end`: every file written, or the first that failed (the rest skipped). */
export type WriteReply = { type: 'ended' } | { type: 'failed'; failure: WriteFailure };
/** `EXPORT_WRITE_FAILED` as the write thread's `BundleWriter` threw it. */
export interface WriteFailure {
  message: string;
  data: ErrorData;
}

/** What exportSite writes through: `BundleWriter` in this thread, or `ThreadedBundleWriter`. */
export interface ExportFileWriter {
  /** Bytes written so far (counted when a file is handed over). */
  bytes: number;
  /** Writes (or hands over) one file of the bundle; its size in bytes. */
  write(path: string, content: string | Uint8Array): number;
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
 * files in a loop takes 0.1 s. Paths are checked here (`outputPath`), at once; write failures are reported by
 * `close` (QuireError `EXPORT_WRITE_FAILED`, naming the file).
 *
 * @example
 * const writer = ThreadedBundleWriter.start('site') ?? new BundleWriter('site'); // bundle-writer.ts
 * writer.write('guides/index.html', html);
 * await writer.close();
 */
export class ThreadedBundleWriter implements ExportFileWriter {
  bytes = 0;
  #pending: Array<[string, string | Uint8Array]> = [];
  #stopped = false;
  /** The thread's answer to `end`; rejected if it fails or exits first (listened to from the start: an unheard `error` would throw). */
  readonly #ended: Promise<WriteReply>;

  private constructor(
    private readonly outDir: string,
    private readonly worker: Worker,
  ) {
    this.#ended = new Promise<WriteReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the export's write thread stopped (exit code ${code}) before writing every file`)));
    });
    this.#ended.catch(() => undefined); // reported by close
  }

  /** A writer on a new thread; undefined when this build has no write thread entry (`write-worker-entry.mjs`). */
  static start(outDir: string): ThreadedBundleWriter | undefined {
    const entry = workerEntry('write-worker-entry.mjs', import.meta.url);
    return entry === undefined ? undefined : new ThreadedBundleWriter(outDir, new Worker(entry, { execArgv: [], workerData: { outDir } }));
  }

  write(path: string, content: string | Uint8Array): number {
    outputPath(this.outDir, path); // refused here, at once; the thread's BundleWriter checks it again
    const size = typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
    this.bytes += size;
    this.#pending.push([path, content]);
    if (this.#pending.length >= BATCH) this.#send();
    return size;
  }

  async close(): Promise<void> {
    this.#send();
    this.worker.postMessage({ type: 'end' } satisfies WriteRequest);
    const reply = await this.#ended.finally(() => this.abort());
    if (reply.type === 'failed') throw new QuireError('EXPORT_WRITE_FAILED', reply.failure.message, reply.failure.data);
  }

  async abort(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.worker.removeAllListeners();
    await this.worker.terminate();
  }

  #send(): void {
    if (this.#pending.length === 0) return;
    this.worker.postMessage({ type: 'files', files: this.#pending } satisfies WriteRequest);
    this.#pending = [];
  }
}
