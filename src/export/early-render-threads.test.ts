import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { EarlyRenderThreads } from './early-render-threads.ts';
import { autoRenderThreads, fewCoresWorkerThreshold, workerThreshold } from './render-thread-count.ts';

describe('EarlyRenderThreads', () => {
  it('starts no thread for a small site, and starts them once the pages counted so far are enough', async () => {
    const early = new EarlyRenderThreads();
    early.addPages(workerThreshold - 1);
    expect(early.option()).toEqual({});
    early.addPages(fewCoresWorkerThreshold);
    const threads = early.option().renderThreads;
    try {
      expect(threads?.count ?? 0).toBe(autoRenderThreads(workerThreshold - 1 + fewCoresWorkerThreshold));
      expect(threads?.count ?? 0).toBe(availableParallelism() >= 2 ? Math.min(availableParallelism() - 1, 3) : 0);
      // Counting more pages starts no more threads.
      early.addPages(10_000);
      expect(early.option().renderThreads).toBe(threads);
    } finally {
      await early.stop();
    }
  });
});
