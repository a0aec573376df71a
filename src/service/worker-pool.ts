import { Worker } from 'node:worker_threads';
import { workerEntry } from '../disk/worker-entry.ts';
import type { RevisionSnapshot } from '../model/revision-snapshot.ts';
import type { DocumentOwner } from './page-json-document.ts';
import type { PublishedJsonDocument } from './published-content-shapes.ts';

/** One conversion sent to a worker thread. */
export interface ConversionRequest {
  id: number;
  markdown: string;
  revision: RevisionSnapshot;
  owner: DocumentOwner;
}

/** What a worker answers: once `ready` when it has loaded, then one reply per request. */
export type ConversionReply = { ready: true } | { id: number; ok: true; document: PublishedJsonDocument } | { id: number; ok: false; message: string };

/**
 * How a conversion ended: its document; an error the conversion threw (a bug); the worker running it died (out of
 * memory); the budget spent; or no worker could start (`unavailable`: the caller converts on its own thread).
 */
export type ConversionOutcome =
  | { kind: 'document'; document: PublishedJsonDocument }
  | { kind: 'threw'; message: string }
  | { kind: 'worker-died'; message: string }
  | { kind: 'over-budget' }
  | { kind: 'unavailable'; message: string };

/** The heap of a worker thread, in MB. */
const workerHeapMb = 512;

interface Task {
  request: Omit<ConversionRequest, 'id'>;
  settle: (outcome: ConversionOutcome) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task?: { id: number; settle: (outcome: ConversionOutcome) => void; timer: NodeJS.Timeout };
}

/**
 * Worker threads that convert Markdown to JSON documents, each conversion with a time budget that starts when a
 * worker takes it: past it, the worker is terminated (the only way to stop a synchronous parse) and a new one
 * started for the next conversion. Conversions wait in order for a free worker. Idle workers do not keep the
 * process alive. When no worker can start (a bundle built without the worker's file), conversions answer
 * `unavailable` at once.
 *
 * @example
 * const pool = new DocumentWorkerPool({ workers: 1, budgetMs: 5000 });
 * const outcome = await pool.convert({ markdown, revision, owner: { kind: 'page', id: page.id } });
 * await pool.close();
 */
export class DocumentWorkerPool {
  private readonly file: URL | undefined;
  /** Why no worker can start, once one failed to load; then every conversion is `unavailable`. */
  private unavailable: string | undefined;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: { workers: number; budgetMs: number }) {
    this.file = workerEntry('document-worker-entry.mjs', import.meta.url);
    if (this.file === undefined) this.unavailable = 'the document worker file is missing';
  }

  convert(request: Omit<ConversionRequest, 'id'>): Promise<ConversionOutcome> {
    if (this.unavailable !== undefined) return Promise.resolve({ kind: 'unavailable', message: this.unavailable });
    return new Promise((settle) => {
      this.queue.push({ request, settle });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.settle({ kind: 'unavailable', message: 'the service is stopping' });
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      if (slot.task) {
        clearTimeout(slot.task.timer);
        slot.task.settle({ kind: 'unavailable', message: 'the service is stopping' });
      }
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    if (this.closed || this.unavailable !== undefined) return;
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => candidate.ready && candidate.task === undefined);
      if (slot === undefined) {
        if (this.slots.length < this.options.workers) this.start();
        return;
      }
      this.run(slot, this.queue.shift()!);
    }
  }

  private run(slot: Slot, task: Task): void {
    const id = this.nextId++;
    const timer = setTimeout(() => this.overBudget(slot), this.options.budgetMs);
    slot.task = { id, settle: task.settle, timer };
    slot.worker.ref();
    slot.worker.postMessage({ ...task.request, id } satisfies ConversionRequest);
  }

  private finish(slot: Slot, outcome: ConversionOutcome): void {
    const task = slot.task;
    if (task === undefined) return;
    clearTimeout(task.timer);
    slot.task = undefined;
    slot.worker.unref();
    task.settle(outcome);
  }

  private overBudget(slot: Slot): void {
    this.finish(slot, { kind: 'over-budget' });
    this.discard(slot);
  }

  /** Ends a worker and forgets it; the next conversion starts a fresh one. */
  private discard(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    void slot.worker.terminate();
    this.dispatch();
  }

  private start(): void {
    // The heap limit keeps a page that costs memory rather than time from taking the process down with it.
    const worker = new Worker(this.file!, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: workerHeapMb } });
    const slot: Slot = { worker, ready: false };
    this.slots.push(slot);
    worker.unref();
    worker.on('message', (reply: ConversionReply) => {
      if ('ready' in reply) {
        slot.ready = true;
        this.dispatch();
        return;
      }
      if (slot.task?.id !== reply.id) return;
      this.finish(slot, reply.ok ? { kind: 'document', document: reply.document } : { kind: 'threw', message: reply.message });
      this.dispatch();
    });
    // A worker that dies (out of memory) fails its conversion and the next one gets a new worker; one that cannot
    // load makes the pool unavailable rather than start workers forever.
    const died = (message: string) => {
      if (!slot.ready && this.unavailable === undefined) {
        this.unavailable = `the document worker did not start: ${message}`;
        for (const task of this.queue.splice(0)) task.settle({ kind: 'unavailable', message: this.unavailable });
      }
      this.finish(slot, { kind: 'worker-died', message });
      this.discard(slot);
    };
    worker.on('error', (error) => died(error.message));
    worker.on('exit', (code) => died(`it exited with code ${code}`));
  }
}
