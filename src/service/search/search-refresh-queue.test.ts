import { describe, expect, it } from 'vitest';
import { createSearchRefreshQueue } from './search-refresh-queue.ts';

/** A refresh function that records its calls and finishes only when told to. */
function controlledRefresh() {
  const calls: string[] = [];
  const pending: Array<() => void> = [];
  const refresh = (spaceId: string) => {
    calls.push(spaceId);
    return new Promise<void>((resolve) => pending.push(resolve));
  };
  const finishOne = async () => {
    await until(() => pending.length > 0);
    pending.shift()!();
  };
  return { calls, refresh, finishOne, pending };
}

async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 100 && !condition(); turn++) await new Promise((resolve) => setImmediate(resolve));
  if (!condition()) throw new Error('condition never met');
}

describe('search refresh queue', () => {
  it('runs the refresh after the current turn, not inside the caller', async () => {
    const { calls, refresh, finishOne } = controlledRefresh();
    const queue = createSearchRefreshQueue(refresh);
    queue.schedule('s1');
    expect(calls).toEqual([]);
    await until(() => calls.length === 1);
    await finishOne();
    await queue.settled('s1');
    expect(calls).toEqual(['s1']);
  });

  it('coalesces refreshes asked while one runs into one more run, per space', async () => {
    const { calls, refresh, finishOne } = controlledRefresh();
    const queue = createSearchRefreshQueue(refresh);
    queue.schedule('s1');
    await until(() => calls.length === 1);
    queue.schedule('s1');
    queue.schedule('s1');
    queue.schedule('s2');
    await until(() => calls.length === 2);
    expect(calls).toEqual(['s1', 's2']);
    await finishOne(); // s1, first run
    await until(() => calls.length === 3);
    expect(calls).toEqual(['s1', 's2', 's1']);
    await finishOne(); // s2
    await finishOne(); // s1, second run
    await queue.settled('s1');
    await queue.settled('s2');
    expect(calls).toEqual(['s1', 's2', 's1']);
  });

  it('settled waits for the space refresh under way, and resolves at once when there is none', async () => {
    const { calls, refresh, finishOne } = controlledRefresh();
    const queue = createSearchRefreshQueue(refresh);
    await queue.settled('idle');
    queue.schedule('s1');
    let settled = false;
    const waiting = queue.settled('s1').then(() => (settled = true));
    await until(() => calls.length === 1);
    expect(settled).toBe(false);
    await finishOne();
    await waiting;
    expect(settled).toBe(true);
  });

  it('swallows a failing refresh and runs the next one', async () => {
    let attempts = 0;
    const queue = createSearchRefreshQueue(async () => {
      attempts++;
      throw new Error('database gone');
    });
    queue.schedule('s1');
    await until(() => attempts === 1);
    await queue.settled('s1');
    queue.schedule('s1');
    await until(() => attempts === 2);
    await queue.settled('s1');
  });

  it('close waits for the refreshes under way and ignores later ones', async () => {
    const { calls, refresh, finishOne } = controlledRefresh();
    const queue = createSearchRefreshQueue(refresh);
    queue.schedule('s1');
    await until(() => calls.length === 1);
    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    await finishOne();
    await closing;
    queue.schedule('s1');
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['s1']);
  });
});
