import { describe, expect, it } from 'vitest';
import { loadBetweenRequests } from './load-between-requests.ts';

/** A client whose requests are written only when the test says so, and a log of what happened in which order. */
function fakeClient() {
  const log: string[] = [];
  let writing: Promise<void> = Promise.resolve();
  let written = () => {};
  return {
    log,
    client: { requestsWritten: () => writing },
    /** A request is made: nothing waits past it until `write()`. */
    request() {
      writing = new Promise<void>((resolve) => (written = resolve));
    },
    write() {
      log.push('written');
      written();
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('loadBetweenRequests', () => {
  it('loads each part in a turn of its own, then the whole, which it resolves to', async () => {
    const { client, log } = fakeClient();
    const part = (name: string) => async () => void log.push(name);
    const loading = loadBetweenRequests(client, [part('a'), part('b')], async () => {
      log.push('whole');
      return 42;
    });
    // A turn of the event loop's work, queued now: it runs before the first part, and between each two.
    const turns = (async () => {
      for (let index = 0; index < 3; index += 1) {
        log.push('answer read');
        await turn();
      }
    })();
    expect(await loading).toBe(42);
    await turns;
    expect(log).toEqual(['answer read', 'a', 'answer read', 'b', 'answer read', 'whole']);
  });

  it('loads nothing while a request is not written yet', async () => {
    const fake = fakeClient();
    fake.request();
    const loaded: string[] = [];
    const loading = loadBetweenRequests(fake.client, [async () => void loaded.push('part')], async () => loaded.push('whole'));
    for (let index = 0; index < 5; index += 1) await turn();
    expect(loaded).toEqual([]);
    fake.write();
    await loading;
    expect(loaded).toEqual(['part', 'whole']);
  });

  it('fails with the failure of a part, loading nothing after it', async () => {
    const { client } = fakeClient();
    const loaded: string[] = [];
    const loading = loadBetweenRequests(client, [async () => { throw new Error('no such module'); }], async () => loaded.push('whole'));
    await expect(loading).rejects.toThrow('no such module');
    expect(loaded).toEqual([]);
  });
});
