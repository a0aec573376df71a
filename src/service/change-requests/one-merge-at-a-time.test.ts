import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../store/index.ts';
import { oneMergeAtATime } from './one-merge-at-a-time.ts';

const aStore = () => ({}) as Store;

describe('oneMergeAtATime', () => {
  it('runs merges of one space one after the other, a failed one included, and answers each its own outcome', async () => {
    const store = aStore();
    const events: string[] = [];
    const merge = (name: string, fails = false) => async () => {
      events.push(`start ${name}`);
      await sleep(10);
      events.push(`end ${name}`);
      if (fails) throw new Error(`${name} failed`);
      return name;
    };
    const outcomes = await Promise.allSettled([oneMergeAtATime(store, 's', merge('a', true)), oneMergeAtATime(store, 's', merge('b')), oneMergeAtATime(store, 's', merge('c'))]);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : (outcome.reason as Error).message))).toEqual(['a failed', 'b', 'c']);
  });

  it('lets merges of other spaces, or of the same space on another store, run at the same time', async () => {
    const store = aStore();
    let running = 0;
    let most = 0;
    const merge = async () => {
      most = Math.max(most, ++running);
      await sleep(10);
      running--;
    };
    await Promise.all([oneMergeAtATime(store, 's', merge), oneMergeAtATime(store, 't', merge), oneMergeAtATime(aStore(), 's', merge)]);
    expect(most).toBe(3);
  });
});
