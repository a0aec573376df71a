import { parentPort, Worker } from 'node:worker_threads';

/** One request sent to a worker thread. */
interface WorkerRequest<Request> {
  id: number;
  request: Request;
}

/** What a worker answers: once `ready` when it has loaded, then one reply per request. */
type WorkerReply<Result> = { ready: true } | { id: number; ok: true; result: Result } | { id: number; ok: false; message: string };

/**
 * How a request ended: its result; an error the handler threw; the worker running it died (out of memory); the
 * budget spent; or no worker could start (`unavailable`: the caller does the work on its own thread).
 */
export type WorkerOutcome<Result> =
  | { kind: 'done'; result: Result }
  | { kind: 'threw'; message: string }
  | { kind: 'worker-died'; message: string }
  | { kind: 'over-budget' }
  | { kind: 'unavailable'; message: string };

export interface WorkerPoolOptions {
  /**
   * The worker's entry file, found by the module that owns the worker (entries live beside their worker, or beside
   * the CLI's bundle): `workerEntry('document-worker-entry.mjs', import.meta.url)`. Undefined: no worker can start.
   */
  entry: URL | undefined;
  /** What the workers do, for messages: `document`, `HTML`. */
  label: string;
  workers: number;
  /** How long one request may take once a worker has taken it. */
  budgetMs: number;
}

/** The heap of a worker thread, in MB. */
const workerHeapMb = 512;

interface Task<Request, Result> {
  request: Request;
  budgetMs: number;
  settle: (outcome: WorkerOutcome<Result>) => void;
}

interface Slot<Result> {
  worker: Worker;
  ready: boolean;
  task?: { id: number; settle: (outcome: WorkerOutcome<Result>) => void; timer: NodeJS.Timeout };
}

/**
 * Worker threads that do synchronous work a request must not wait on the thread that answers requests for
 * (converting Markdown to documents, HTML to Markdown), each request with a time budget that starts when a worker
 * takes it: past it, the worker is terminated (the only way to stop a synchronous parse) and a new one started
 * for the next request. Requests wait in order for a free worker. Idle workers do not keep the process alive.
 * When no worker can start (a bundle built without the worker's file), requests answer `unavailable` at once.
 * The worker side is `answerWorkerRequests`.
 *
 * @example
 * const pool = new WorkerPool<DocumentRequest, PublishedJsonDocument>({ entry: workerEntry('document-worker-entry.mjs', import.meta.url), label: 'document', workers: 1, budgetMs: 5000 });
 * const outcome = await pool.run({ markdown, revision, owner: { kind: 'page', id: page.id } });
 * await pool.close();
 */
export class WorkerPool<Request, Result> {
  private readonly file: URL | undefined;
  /** Why no worker can start, once one failed to load; then every request is `unavailable`. */
  private unavailable: string | undefined;
  private readonly slots: Slot<Result>[] = [];
  private readonly queue: Task<Request, Result>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    this.file = options.entry;
    if (this.file === undefined) this.unavailable = `the ${options.label} worker file is missing`;
  }

  /** Runs one request within the pool's budget, or `budgetMs` when given (what is left of a larger one). */
  run(request: Request, budgetMs: number = this.options.budgetMs): Promise<WorkerOutcome<Result>> {
    if (this.unavailable !== undefined) return Promise.resolve({ kind: 'unavailable', message: this.unavailable });
    if (this.closed) return Promise.resolve({ kind: 'unavailable', message: 'the pool is closed' });
    return new Promise((settle) => {
      this.queue.push({ request, budgetMs, settle });
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
      this.send(slot, this.queue.shift()!);
    }
  }

  private send(slot: Slot<Result>, task: Task<Request, Result>): void {
    const id = this.nextId++;
    const timer = setTimeout(() => this.overBudget(slot), task.budgetMs);
    slot.task = { id, settle: task.settle, timer };
    slot.worker.ref();
    slot.worker.postMessage({ id, request: task.request } satisfies WorkerRequest<Request>);
  }

  private finish(slot: Slot<Result>, outcome: WorkerOutcome<Result>): void {
    const task = slot.task;
    if (task === undefined) return;
    clearTimeout(task.timer);
    slot.task = undefined;
    slot.worker.unref();
    task.settle(outcome);
  }

  private overBudget(slot: Slot<Result>): void {
    this.finish(slot, { kind: 'over-budget' });
    this.discard(slot);
  }

  /** Ends a worker and forgets it; the next request starts a fresh one. */
  private discard(slot: Slot<Result>): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    void slot.worker.terminate();
    this.dispatch();
  }

  private start(): void {
    // The heap limit keeps a request that costs memory rather than time from taking the process down with it.
    const worker = new Worker(this.file!, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: workerHeapMb } });
    const slot: Slot<Result> = { worker, ready: false };
    this.slots.push(slot);
    worker.unref();
    worker.on('message', (reply: WorkerReply<Result>) => {
      if ('ready' in reply) {
        slot.ready = true;
        this.dispatch();
        return;
      }
      if (slot.task?.id !== reply.id) return;
      this.finish(slot, reply.ok ? { kind: 'done', result: reply.result } : { kind: 'threw', message: reply.message });
      this.dispatch();
    });
    // A worker that dies (out of memory) fails its request and the next one gets a new worker; one that cannot
    // load makes the pool unavailable rather than start workers forever.
    const died = (message: string) => {
      if (!slot.ready && this.unavailable === undefined) {
        this.unavailable = `the ${this.options.label} worker did not start: ${message}`;
        for (const task of this.queue.splice(0)) task.settle({ kind: 'unavailable', message: this.unavailable });
      }
      this.finish(slot, { kind: 'worker-died', message });
      this.discard(slot);
    };
    worker.on('error', (error) => died(error.message));
    worker.on('exit', (code) => died(`it exited with code ${code}`));
  }
}

/**
 * The worker side of a `WorkerPool`: answers each request with `handle`, whose result may be a promise (an error
 * it throws or rejects with is sent back as `threw`), after saying it is ready. Called once, at the top of a
 * worker's module.
 *
 * @example
 * answerWorkerRequests((request: DocumentRequest) => jsonDocumentOf(request.markdown, request.revision, request.owner));
 */
export function answerWorkerRequests<Request, Result>(handle: (request: Request) => Result | Promise<Result>): void {
  const port = parentPort;
  if (port === null) throw new Error('answerWorkerRequests runs in a worker thread');
  port.on('message', ({ id, request }: WorkerRequest<Request>) => {
    const answer = (reply: WorkerReply<Result>) => port.postMessage(reply);
    const fail = (error: unknown) => answer({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
    try {
      const result = handle(request);
      if (result instanceof Promise) result.then((value) => answer({ id, ok: true, result: value }), fail);
      else answer({ id, ok: true, result });
    } catch (error) {
      fail(error);
    }
  });
  port.postMessage({ ready: true } satisfies WorkerReply<Result>);
}
