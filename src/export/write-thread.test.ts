import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isQuireError } from '../errors/index.ts';
import type { SearchDocument } from '../render/index.ts';
import { BundleWriter } from './bundle-writer.ts';
import { searchIndexScript } from './search-index.ts';
import { ThreadedBundleWriter, yieldingWriteThreadNiceness } from './write-thread.ts';

const scratch = mkdtempSync(join(tmpdir(), 'quire-write-thread-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function startWriter(name: string, options: { yieldToRendering?: boolean } = {}): { outDir: string; writer: ThreadedBundleWriter } {
  const outDir = join(scratch, name);
  mkdirSync(outDir);
  const writer = ThreadedBundleWriter.start(outDir);
  if (writer === undefined) throw new Error('write-worker-entry.mjs is beside write-thread.ts in the sources');
  if (options.yieldToRendering) writer.yieldToRendering();
  return { outDir, writer };
}

/**
 * The nice value of each thread of this process, by thread id (Linux: field 19 of /proc/self/task/<tid>/stat); a
 * thread that ends between the listing and the reading (an earlier test's write thread, which `close` does not wait
 * for) is left out.
 */
function threadNiceness(): Map<string, number> {
  const niceness = new Map<string, number>();
  for (const thread of readdirSync('/proc/self/task')) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
    } catch {
      continue;
    }
    niceness.set(thread, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return niceness;
}

/** Hands the thread a file and waits until it is on disk: the thread has started and read its data. */
async function waitForAWrite(outDir: string, writer: ThreadedBundleWriter): Promise<void> {
  writer.write('first.html', 'first');
  writer.writeSearchIndex('search.js'); // sends what is pending
  while (!existsSync(join(outDir, 'first.html'))) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe.runIf(process.platform === 'linux')('ThreadedBundleWriter, its priority', () => {
  it('runs at yieldingWriteThreadNiceness when the export renders alone, and changes no other thread', async () => {
    const before = threadNiceness();
    const { outDir, writer } = startWriter('yielding', { yieldToRendering: true });
    await waitForAWrite(outDir, writer);
    const after = threadNiceness();
    const started = [...after].filter(([thread]) => !before.has(thread));
    expect(started.filter(([, nice]) => nice === yieldingWriteThreadNiceness)).toHaveLength(1);
    for (const [thread, nice] of before) if (after.has(thread)) expect(after.get(thread)).toBe(nice);
    await writer.close();
  });

  it("keeps the process's priority otherwise", async () => {
    const before = threadNiceness();
    const { outDir, writer } = startWriter('not-yielding');
    await waitForAWrite(outDir, writer);
    expect([...threadNiceness()].filter(([thread, nice]) => !before.has(thread) && nice === yieldingWriteThreadNiceness)).toEqual([]);
    await writer.close();
  });
});

describe('ThreadedBundleWriter', () => {
  it('writes every file handed over, in folders made as needed, and counts their bytes, by the time close resolves', async () => {
    const { outDir, writer } = startWriter('many');
    for (let index = 0; index < 100; index++) writer.write(`section-${index % 3}/page-${index}/index.html`, `<h1>Page ${index} é</h1>`);
    writer.write('assets/files/logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    writer.bytes += 1000; // what render worker threads wrote, as exportSite adds it
    await writer.close();
    expect(writer.bytes).toBe(1000 + 100 * Buffer.byteLength('<h1>Page 0 é</h1>') + 90 + 4); // pages 10 to 99 have one digit more
    expect(readFileSync(join(outDir, 'section-0/page-99/index.html'), 'utf8')).toBe('<h1>Page 99 é</h1>');
    expect(readFileSync(join(outDir, 'section-1/page-1/index.html'), 'utf8')).toBe('<h1>Page 1 é</h1>');
    expect([...readFileSync(join(outDir, 'assets/files/logo.png'))]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('refuses a path that leaves the output folder when it is handed over', async () => {
    const { writer } = startWriter('escape');
    let error: unknown;
    try {
      writer.write('../outside.html', 'no');
    } catch (thrown) {
      error = thrown;
    }
    expect(isQuireError(error) && error.code === 'EXPORT_PATH_ESCAPES_OUT_DIR').toBe(true);
    await writer.close();
  });

  it('reports the first file it could not write, naming it, after writing those before', async () => {
    const { outDir, writer } = startWriter('failing');
    writeFileSync(join(outDir, 'taken'), 'a file where a folder is wanted');
    writer.write('first/index.html', 'written');
    writer.write('taken/index.html', 'cannot be written');
    writer.write('after/index.html', 'skipped once a write failed');
    const failure = join(outDir, 'taken/index.html');
    await expect(writer.close()).rejects.toMatchObject({ code: 'EXPORT_WRITE_FAILED', data: { path: failure, reason: expect.stringMatching(/^E[A-Z]+$/) }, message: expect.stringContaining(`could not write ${failure}`) });
    expect(readFileSync(join(outDir, 'first/index.html'), 'utf8')).toBe('written');
    expect(() => readFileSync(join(outDir, 'after/index.html'))).toThrow();
  });

  it('builds the search index from the documents handed over with the pages, as this thread would, and counts its bytes', async () => {
    const { outDir, writer } = startWriter('search');
    const documents: SearchDocument[] = Array.from({ length: 70 }, (_, id) => ({ id, title: `Page ${id}`, headings: id % 2 === 0 ? 'Setup Usage' : '', text: `Text of page ${id}: install, configure and run é ${'word '.repeat(id)}`, href: `p${id}/index.html`, ...(id % 5 === 0 ? { section: 'API' } : {}) }));
    // Pages finish out of order (render threads), some left out of search; each page's file goes with it.
    const order = documents.map((document) => document.id).sort((a, b) => ((a * 37) % 71) - ((b * 37) % 71));
    let pages = 0;
    for (const index of order) {
      writer.write(`p${index}/index.html`, `<h1>Page ${index}</h1>`);
      pages += Buffer.byteLength(`<h1>Page ${index}</h1>`);
      writer.indexPage(index, index % 7 === 3 ? undefined : documents[index]);
    }
    writer.writeSearchIndex('assets/search-index.js');
    await writer.close();
    const expected = searchIndexScript(documents.filter((document) => document.id % 7 !== 3));
    expect(readFileSync(join(outDir, 'assets/search-index.js'), 'utf8')).toBe(expected);
    expect(writer.bytes).toBe(pages + Buffer.byteLength(expected));
    // The writer of this thread gives the same file.
    const inThread = new BundleWriter(join(scratch, 'search-in-thread'));
    for (const index of order) inThread.indexPage(index, index % 7 === 3 ? undefined : documents[index]);
    expect(inThread.writeSearchIndex('assets/search-index.js')).toBe(Buffer.byteLength(expected));
    expect(readFileSync(join(scratch, 'search-in-thread/assets/search-index.js'), 'utf8')).toBe(expected);
  });

  it('refuses a search index path that leaves the output folder, and reports an index it could not write', async () => {
    const { outDir, writer } = startWriter('search-failing');
    expect(() => writer.writeSearchIndex('../search-index.js')).toThrow(expect.objectContaining({ code: 'EXPORT_PATH_ESCAPES_OUT_DIR' }));
    writeFileSync(join(outDir, 'assets'), 'a file where a folder is wanted');
    writer.indexPage(0, { id: 0, title: 'A', headings: '', text: 'a', href: 'index.html' });
    writer.writeSearchIndex('assets/search-index.js');
    await expect(writer.close()).rejects.toMatchObject({ code: 'EXPORT_WRITE_FAILED', data: { path: join(outDir, 'assets/search-index.js') } });
  });

  it('stops at once when aborted', async () => {
    const { writer } = startWriter('aborted');
    writer.write('index.html', 'perhaps');
    await writer.abort();
    await writer.abort();
  });
});

describe('BundleWriter, the same in this thread (render workers, and a build without the write thread)', () => {
  it('reports a file it cannot write as ThreadedBundleWriter does', () => {
    const outDir = join(scratch, 'in-thread');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'taken'), 'a file where a folder is wanted');
    const writer = new BundleWriter(outDir);
    expect(writer.write('first/index.html', 'written')).toBe(7);
    expect(() => writer.write('taken/index.html', 'cannot be written')).toThrow(expect.objectContaining({ code: 'EXPORT_WRITE_FAILED', data: { path: join(outDir, 'taken/index.html'), reason: expect.stringMatching(/^E[A-Z]+$/) } }));
  });
});
