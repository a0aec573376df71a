// The live JavaScript heap of a server process, read through the inspector it was started with
// (`NODE_OPTIONS=--inspect=127.0.0.1:0`): a garbage collection first, so the figure is what the process keeps
// (what a leak makes grow), not what it has not collected yet, which RSS cannot tell apart.
import { WebSocket } from 'undici';

/**
 * The inspector's WebSocket address a process printed on its stderr ("Debugger listening on ws://..."), or
 * undefined when it printed none.
 *
 * @example
 * inspectorUrl('Debugger listening on ws://127.0.0.1:9229/0f2c...\n'); // 'ws://127.0.0.1:9229/0f2c...'
 */
export function inspectorUrl(stderr: string): string | undefined {
  return /Debugger listening on (ws:\/\/\S+)/.exec(stderr)?.[1];
}

/** A connection to one process's inspector that can collect its garbage and read its heap. */
export interface HeapProbe {
  /** Collects garbage in the process, then answers its used heap in MiB. */
  liveHeapMiB(): Promise<number>;
  close(): void;
}

/**
 * Connects to the inspector at `url` (Chrome DevTools Protocol over a WebSocket).
 *
 * @example
 * const probe = await connectHeapProbe(inspectorUrl(served.stderr())!);
 * console.log(await probe.liveHeapMiB());
 * probe.close();
 */
export async function connectHeapProbe(url: string): Promise<HeapProbe> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`could not connect to the inspector at ${url}`)), { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (waiting === undefined) return;
    pending.delete(message.id!);
    if (message.error) waiting.reject(new Error(`inspector: ${message.error.message}`));
    else waiting.resolve(message.result);
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async liveHeapMiB() {
      await call('HeapProfiler.collectGarbage');
      const evaluated = (await call('Runtime.evaluate', { expression: 'process.memoryUsage().heapUsed', returnByValue: true })) as { result: { value: number } };
      return evaluated.result.value / 1024 / 1024;
    },
    close: () => socket.close(),
  };
}
