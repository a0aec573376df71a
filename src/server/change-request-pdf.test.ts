// The change-request PDF routes with a printer that records what it is asked to print (no Chromium): what is
// printed for each query, the cache by revision and variant, the download and who may make it, bad input, and the
// 503 naming what to install when Chromium is not where the server looks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap, type PdfPrinter, type PrintJob } from '../service/index.ts';
import { openStore } from '../store/index.ts';
import { buildApp } from './build-app.ts';
import { startTestApp, type TestApp } from './test-app.fixture.ts';

/** A printer whose PDFs are the text of the job's document: what was printed can be read back from the download. */
function recordingPrinter(): PdfPrinter & { jobs: PrintJob[] } {
  const jobs: PrintJob[] = [];
  return {
    jobs,
    paper: 'A4',
    async print(job) {
      jobs.push(job);
      return new TextEncoder().encode(`%PDF-fake\n${job.header}\n${job.html}`);
    },
    async screenshot() {
      throw new Error('not used');
    },
    async close() {},
  };
}

describe('change-request PDF routes (recording printer)', () => {
  let t: TestApp;
  const printer = recordingPrinter();
  const ids: Record<string, string> = {};
  const pdfPath = () => `/v1/spaces/${ids.space}/change-requests/${ids.cr}/pdf`;

  beforeAll(async () => {
    t = await startTestApp({ pdf: printer });
    ids.space = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Hand "book"' } })).body.id;
    const changeRequest = (await t.call('POST', `/v1/spaces/${ids.space}/change-requests`, { body: { subject: 'Guides' } })).body;
    ids.cr = changeRequest.id;
    ids.number = String(changeRequest.number);
    const write = (changes: unknown[]) => t.call('POST', `/v1/spaces/${ids.space}/change-requests/${ids.cr}/content?compat=false`, { body: { changes } });
    const written = await write([
      { operation: 'insert_page', title: 'Home', document: { markdown: 'Welcome aboard.\n' } },
      { operation: 'insert_page', title: 'Install', document: { markdown: 'Run the installer.\n' } },
    ]);
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    ids.home = written.body.changes[0].page.id;
    ids.install = written.body.changes[1].page.id;
    const child = await write([{ operation: 'insert_page', into: ids.install, title: 'Linux', document: { markdown: 'Use apt.\n' } }]);
    expect(child.status, JSON.stringify(child.body)).toBe(200);
    ids.linux = child.body.changes[0].page.id;
  });
  afterAll(() => t?.close());

  async function download(url: string, token: string | null = t.admin.token) {
    const path = new URL(url).pathname;
    return t.app.inject({ method: 'GET', url: path, headers: token === null ? {} : { authorization: `Bearer ${token}` } });
  }

  it('prints every page once, then answers the same URL without printing again', async () => {
    const first = await t.call('GET', pdfPath());
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(new RegExp(`^http://quire\\.test/v1/spaces/${ids.space}/change-requests/${ids.cr}/pdf/[A-Za-z0-9]+$`));
    expect(printer.jobs).toHaveLength(1);
    const html = printer.jobs[0]!.html;
    expect(['Welcome aboard', 'Run the installer', 'Use apt'].map((text) => html.indexOf(text)).every((at, i, all) => at > 0 && (i === 0 || at > all[i - 1]!))).toBe(true);
    expect(printer.jobs[0]!.header).toBe(`Hand "book": #${ids.number} Guides`);

    const again = await t.call('GET', pdfPath());
    expect(again.body.url).toBe(first.body.url);
    expect(printer.jobs).toHaveLength(1);

    const pdf = await download(first.body.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Hand _book_-${ids.number}.pdf"; filename*=UTF-8''Hand%20%22book%22-${ids.number}.pdf`);
    expect(pdf.body.startsWith('%PDF-fake')).toBe(true);
    expect(pdf.body).toContain('Use apt');
    const etag = pdf.headers.etag as string;
    expect((await t.app.inject({ method: 'GET', url: new URL(first.body.url).pathname, headers: { authorization: `Bearer ${t.admin.token}`, 'if-none-match': etag } })).statusCode).toBe(304);
  });

  it('prints a page with its descendants, or alone with only=true, each once', async () => {
    const before = printer.jobs.length;
    const subtree = await t.call('GET', `${pdfPath()}?page=${ids.install}`);
    const alone = await t.call('GET', `${pdfPath()}?page=${ids.install}&only=true`);
    expect(subtree.body.url).not.toBe(alone.body.url);
    expect(printer.jobs).toHaveLength(before + 2);
    const [withChildren, only] = printer.jobs.slice(before);
    expect(withChildren!.html).toContain('Use apt');
    expect(withChildren!.html).not.toContain('Welcome aboard');
    expect(only!.html).toContain('Run the installer');
    expect(only!.html).not.toContain('Use apt');
    expect((await t.call('GET', `${pdfPath()}?page=${ids.install}&only=true`)).body.url).toBe(alone.body.url);
    expect(printer.jobs).toHaveLength(before + 2);
  });

  it('prints a new PDF for a new revision of the change request', async () => {
    const before = (await t.call('GET', pdfPath())).body.url;
    const count = printer.jobs.length;
    await t.call('POST', `/v1/spaces/${ids.space}/change-requests/${ids.cr}/content?compat=false`, {
      body: { changes: [{ operation: 'update_page', page: ids.home, document: { markdown: 'Welcome back.\n' } }] },
    });
    const after = (await t.call('GET', pdfPath())).body.url;
    expect(after).not.toBe(before);
    expect(printer.jobs).toHaveLength(count + 1);
    expect(printer.jobs.at(-1)!.html).toContain('Welcome back');
    // The old URL still gives the PDF it named.
    expect((await download(before)).body).toContain('Welcome aboard');
  });

  it('refuses a page not in the change request (404 naming it), only without page, and bad ids (400)', async () => {
    const missing = await t.call('GET', `${pdfPath()}?page=noSuchPage`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toContain('noSuchPage');
    const only = await t.call('GET', `${pdfPath()}?only=true`);
    expect(only.status).toBe(400);
    expect(only.body.error.message).toContain('only');
    expect((await t.call('GET', `${pdfPath()}?only=maybe&page=${ids.home}`)).status).toBe(400);
    expect((await t.call('GET', `/v1/spaces/${ids.space}/change-requests/999/pdf`)).status).toBe(404);
    expect((await t.call('GET', `${pdfPath()}/noSuchPdf`)).status).toBe(404);
  });

  it('lets readers of the space download, and no one else', async () => {
    const { url } = (await t.call('GET', pdfPath())).body;
    const reader = await t.tokenFor({ user: 'reader@example.com', organization: t.organizationId, role: 'read' });
    expect((await t.call('GET', pdfPath(), { token: reader })).body.url).toBe(url);
    expect((await download(url, reader)).statusCode).toBe(200);
    expect((await download(url, null)).statusCode).toBe(401);
    const elsewhere = await t.store.createOrganization({ title: 'Elsewhere' });
    const outsider = await t.tokenFor({ user: 'outsider@example.com', organization: elsewhere.id, role: 'admin' });
    expect((await download(url, outsider)).statusCode).toBe(404);
    expect((await t.call('GET', pdfPath(), { token: outsider })).status).toBe(404);
    // A PDF of one change request is not found through another.
    const other = (await t.call('POST', `/v1/spaces/${ids.space}/change-requests`, { body: { subject: 'Other' } })).body;
    expect((await download(url.replace(`/change-requests/${ids.cr}/`, `/change-requests/${other.id}/`))).statusCode).toBe(404);
  });
});

describe('change-request PDF without Chromium', () => {
  it('answers 503 naming the path and what to install', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'quire-pdf-'));
    const store = await openStore({ kind: 'sqlite', directory });
    const admin = await bootstrap(store);
    const app = await buildApp({ store, pdf: { executablePath: join(directory, 'no-chromium') } });
    try {
      const auth = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
      const space = JSON.parse((await app.inject({ method: 'POST', url: `/v1/orgs/${admin.organization.id}/spaces`, headers: auth, payload: JSON.stringify({ title: 'Docs' }) })).body);
      const cr = JSON.parse((await app.inject({ method: 'POST', url: `/v1/spaces/${space.id}/change-requests`, headers: auth, payload: JSON.stringify({ subject: 'x' }) })).body);
      await app.inject({ method: 'POST', url: `/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, headers: auth, payload: JSON.stringify({ changes: [{ operation: 'insert_page', title: 'Page', document: { markdown: 'Text.\n' } }] }) });
      const answer = await app.inject({ method: 'GET', url: `/v1/spaces/${space.id}/change-requests/${cr.id}/pdf`, headers: auth });
      expect(answer.statusCode).toBe(503);
      const { message } = JSON.parse(answer.body).error;
      expect(message).toContain(join(directory, 'no-chromium'));
      expect(message).toContain('apt-get install chromium');
      expect(message).toContain('QUIRE_CHROMIUM');
    } finally {
      await app.close();
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
