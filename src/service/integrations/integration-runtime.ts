import { Miniflare } from 'miniflare';
import { QuireError } from '../../errors/index.ts';
import { dispatchRequest, type IntegrationDispatch } from './integration-dispatch-request.ts';
import { childProcesses, processUsage } from './process-usage.ts';

/**
 * Runs integration scripts, Workers-style `fetch` handlers, in workerd (Cloudflare's Workers runtime, through
 * miniflare, as `@gitbook/cli` itself runs them): never in the service's own process or `node:vm`. Each published
 * version of an integration gets its own workerd process, started on first use and kept warm, so a script
 * shares nothing with the service or with another integration. One dispatch at a time per process, so that the
 * process's CPU time and memory are that dispatch's: the watchdog stops a dispatch past its wall-clock, CPU or
 * memory limit by ending the process (the only way to stop a runaway isolate); the next dispatch starts a fresh
 * one. CPU and memory are read from Linux's `/proc`; elsewhere only the wall-clock limit applies.
 */

export interface IntegrationRuntimeLimits {
  /** Wall-clock time of one dispatch, start-up of a cold process excluded. */
  wallMs: number;
  /** CPU time the process may spend on one dispatch. */
  cpuMs: number;
  /** Resident memory of the process, at any moment of a dispatch. */
  memoryMb: number;
  /** Largest response body read from a script. */
  maxResponseBytes: number;
  /** Processes kept at once; starting another ends the least recently used idle one. */
  maxRunning: number;
  /** A process unused this long is ended. */
  idleMs: number;
}

export const defaultIntegrationRuntimeLimits: IntegrationRuntimeLimits = {
  wallMs: 10_000,
  cpuMs: 2_000,
  memoryMb: 256,
  maxResponseBytes: 5 * 1024 * 1024,
  maxRunning: 8,
  idleMs: 5 * 60_000,
};

/** A published version of an integration's script. */
export interface IntegrationScript {
  name: string;
  version: number;
  /** The bundled ES module (what `gitbook publish` uploads). */
  script: string;
}

/** One line a script logged while handling a dispatch: the published `IntegrationEventLog` shape. */
export interface IntegrationLogLine {
  message: string;
  timestamp: string;
  level: string;
}

export interface IntegrationRuntimeResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  logs: IntegrationLogLine[];
  /** CPU time the dispatch used (undefined where `/proc` cannot be read). */
  cpuMs: number | undefined;
  wallMs: number;
}

/** The date and flags `@gitbook/cli` runs integrations with (its `dev` and `check` commands). */
const compatibilityDate = '2025-05-25';
const compatibilityFlags = ['nodejs_compat'];
const watchdogIntervalMs = 20;

interface Running {
  key: string;
  miniflare: Miniflare;
  /** The workerd process, when it could be told apart from the others. */
  pid: number | undefined;
  /** Dispatches run one after the other: each waits for this. */
  queue: Promise<unknown>;
  busy: number;
  lastUsed: number;
  /** Lines the script logs, collected for the dispatch in progress. */
  logs: IntegrationLogLine[];
  ended: boolean;
}

/**
 * @example
 * const runtime = new IntegrationRuntime();
 * const answer = await runtime.dispatch({ name: 'hello', version: 3, script }, { event, environment });
 * await runtime.close();
 */
export class IntegrationRuntime {
  private readonly running = new Map<string, Running>();
  /** Process start-ups run one at a time, so that each new workerd process is told apart from the others. */
  private starting: Promise<unknown> = Promise.resolve();
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly limits: IntegrationRuntimeLimits = defaultIntegrationRuntimeLimits) {
    this.sweeper = setInterval(() => void this.endIdle(), Math.max(1_000, Math.min(limits.idleMs, 60_000)));
    this.sweeper.unref();
  }

  /**
   * Hands `dispatch` to the script and reads its answer.
   *
   * @throws QuireError `INTEGRATION_FAILED` naming the integration and what happened: past a limit (which one,
   * and the figure), the script threw or could not load, or its answer was too large.
   */
  async dispatch(script: IntegrationScript, dispatch: IntegrationDispatch): Promise<IntegrationRuntimeResponse> {
    if (this.closed) throw new QuireError('INTEGRATION_FAILED', `integration ${script.name}: the runtime is closed`, { integration: script.name });
    const running = await this.processFor(script);
    running.busy += 1;
    const turn = running.queue.then(() => this.run(running, script, dispatch));
    running.queue = turn.catch(() => undefined);
    try {
      return await turn;
    } finally {
      running.busy -= 1;
      running.lastUsed = Date.now();
    }
  }

  /** Ends every workerd process. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.running.values()].map((running) => this.end(running)));
  }

  /** How many workerd processes run now. */
  get processCount(): number {
    return this.running.size;
  }

  private async run(running: Running, script: IntegrationScript, dispatch: IntegrationDispatch): Promise<IntegrationRuntimeResponse> {
    if (running.ended) throw failed(script, 'its process was ended before this dispatch ran');
    running.logs = [];
    const before = running.pid === undefined ? undefined : await processUsage(running.pid);
    const started = performance.now();
    let stop: ((error: QuireError) => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      stop = reject;
    });
    const watchdog = setInterval(() => {
      void (async () => {
        const elapsed = performance.now() - started;
        if (elapsed > this.limits.wallMs) return stop!(failed(script, `went past its wall-clock limit of ${this.limits.wallMs} ms`));
        if (running.pid === undefined || before === undefined) return;
        const now = await processUsage(running.pid);
        if (now === undefined) return;
        if (now.cpuMs - before.cpuMs > this.limits.cpuMs) stop!(failed(script, `went past its CPU limit of ${this.limits.cpuMs} ms`));
        else if (now.rssMb > this.limits.memoryMb) stop!(failed(script, `went past its memory limit of ${this.limits.memoryMb} MB (${Math.round(now.rssMb)} MB)`));
      })();
    }, watchdogIntervalMs);
    try {
      const answer = await Promise.race([this.send(running, script, dispatch), stopped]);
      const after = running.pid === undefined || before === undefined ? undefined : await processUsage(running.pid);
      return { ...answer, logs: running.logs, cpuMs: after === undefined ? undefined : after.cpuMs - before!.cpuMs, wallMs: performance.now() - started };
    } catch (error) {
      // A dispatch stopped by the watchdog leaves its isolate running: end the process.
      if (error instanceof QuireError) await this.end(running);
      throw error;
    } finally {
      clearInterval(watchdog);
    }
  }

  private async send(running: Running, script: IntegrationScript, dispatch: IntegrationDispatch): Promise<Omit<IntegrationRuntimeResponse, 'logs' | 'cpuMs' | 'wallMs'>> {
    const request = dispatchRequest(dispatch);
    let response: Awaited<ReturnType<Miniflare['dispatchFetch']>>;
    try {
      response = await running.miniflare.dispatchFetch(request.url, { method: 'POST', headers: Object.fromEntries(request.headers), body: await request.text() });
    } catch (cause) {
      throw failed(script, `threw: ${messageOf(cause)}`, cause);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > this.limits.maxResponseBytes) throw failed(script, `answered ${bytes.byteLength} bytes, more than the ${this.limits.maxResponseBytes} the runtime reads`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: response.status, headers, body: new TextDecoder().decode(bytes) };
  }

  private async processFor(script: IntegrationScript): Promise<Running> {
    const key = `${script.name}@${script.version}`;
    const existing = this.running.get(key);
    if (existing !== undefined && !existing.ended) return existing;
    const start = this.starting.then(() => this.start(key, script));
    this.starting = start.catch(() => undefined);
    return start;
  }

  private async start(key: string, script: IntegrationScript): Promise<Running> {
    const again = this.running.get(key);
    if (again !== undefined && !again.ended) return again;
    await this.makeRoom();
    const before = new Set(await childProcesses('workerd'));
    const running: Running = { key, miniflare: undefined as unknown as Miniflare, pid: undefined, queue: Promise.resolve(), busy: 0, lastUsed: Date.now(), logs: [], ended: false };
    try {
      running.miniflare = new Miniflare({
        name: script.name.replace(/[^a-zA-Z0-9-]/g, '-'),
        modules: true,
        script: script.script,
        compatibilityDate,
        compatibilityFlags,
        structuredWorkerdLogs: true,
        handleStructuredLogs: ({ message, timestamp, level }: { message: string; timestamp: number; level: string }) => {
          if (running.logs.length < 1_000) running.logs.push({ message: message.slice(0, 4_000), timestamp: new Date(timestamp).toISOString(), level });
        },
      });
      await running.miniflare.ready;
    } catch (cause) {
      await running.miniflare?.dispose().catch(() => undefined);
      throw failed(script, `could not start: ${messageOf(cause)}`, cause);
    }
    const started = (await childProcesses('workerd')).filter((pid) => !before.has(pid));
    running.pid = started.length === 1 ? started[0] : undefined;
    this.running.set(key, running);
    return running;
  }

  /** Ends the least recently used idle process when the runtime is full. */
  private async makeRoom(): Promise<void> {
    if (this.running.size < this.limits.maxRunning) return;
    const idle = [...this.running.values()].filter((running) => running.busy === 0).sort((a, b) => a.lastUsed - b.lastUsed)[0];
    if (idle !== undefined) await this.end(idle);
  }

  private async endIdle(): Promise<void> {
    const now = Date.now();
    for (const running of [...this.running.values()]) {
      if (running.busy === 0 && now - running.lastUsed > this.limits.idleMs) await this.end(running);
    }
  }

  private async end(running: Running): Promise<void> {
    if (running.ended) return;
    running.ended = true;
    if (this.running.get(running.key) === running) this.running.delete(running.key);
    await running.miniflare.dispose().catch(() => undefined);
  }
}

function failed(script: IntegrationScript, what: string, cause?: unknown): QuireError {
  return new QuireError('INTEGRATION_FAILED', `integration ${script.name} (version ${script.version}) ${what}`, { integration: script.name, version: script.version }, cause === undefined ? undefined : { cause });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
