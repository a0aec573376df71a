// getChangeRequestPDF through the official client, printed by Debian's Chromium: a change request with pages in a
// tree (an image, a code block, a table), its URL downloaded with the token and read with pdfjs-dist. The second
// request is a cache hit (the printer is not called again); a download without a token or by an outsider is
// refused. The first sheet is kept as a PNG in test-artifacts/. Skipped, with the reason, without Chromium.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { gradientPng } from '../../src/export/export-site-fixture.ts';
import type { PdfPrinter, PrintJob } from '../../src/service/index.ts';
import { chromiumAvailable } from '../support/offline-chromium.ts';
import { statusOf } from './client-errors.ts';
import { newSpace, pageIdOf, writeChanges } from './content-fixture.ts';
import { describeConformance } from './harness.ts';

const artifacts = join(import.meta.dirname, '../../test-artifacts');

interface PdfText {
  pages: number;
  /** The text of each sheet. */
  text: string[];
  /** Sheets that paint an image. */
  imageSheets: number[];
}

/** Reads a PDF as pdfjs-dist does in a browser: the number of sheets, their text, where images are painted. */
async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: bytes, useSystemFonts: true, isEvalSupported: false }).promise;
  const text: string[] = [];
  const imageSheets: number[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    // Spans of one line come apart (syntax-highlighted code, ligatures): whitespace is collapsed.
    text.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
    const operators = await page.getOperatorList();
    if (operators.fnArray.some((fn) => fn === pdfjs.OPS.paintImageXObject || fn === pdfjs.OPS.paintInlineImageXObject)) imageSheets.push(number);
  }
  await document.destroy();
  return { pages: document.numPages, text, imageSheets };
}

describe.skipIf(!chromiumAvailable('change-request PDF'))('change-request PDF in Chromium', () => {
  describeConformance('change-request PDF', (server) => {
    const ids = { space: '', cr: '', number: '', welcome: '', install: '', linux: '' };
    let printed: PrintJob[] = [];
    let printer: PdfPrinter;

    afterAll(() => vi.restoreAllMocks());

    async function download(url: string, token: string | null): Promise<Response> {
      return fetch(url, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
    }

    it('prints a change request of four pages with an image, a code block and a table; downloads it with the token', async () => {
      printer = server().app.quire.pdfPrinter!;
      const print = printer.print.bind(printer);
      vi.spyOn(printer, 'print').mockImplementation(async (job) => {
        printed.push(job);
        return print(job);
      });
      const api = server().client();
      ids.space = (await newSpace(server(), 'Field guide')).id;
      const { data: changeRequest } = await api.spaces.createChangeRequest(ids.space, { subject: 'First draft' });
      ids.cr = changeRequest.id;
      ids.number = String(changeRequest.number);
      const first = await writeChanges(api, ids.space, ids.cr, [
        { operation: 'insert_page', title: 'Welcome', document: { markdown: 'Our diagram of the field:\n\n![Field diagram](./field.png)\n' } },
        { operation: 'insert_files', files: [{ ref: 'field.png', name: 'field.png', contentType: 'image/png', base64: Buffer.from(gradientPng(240, 120, [20, 90, 200], [240, 200, 40])).toString('base64') }] },
        { operation: 'insert_page', title: 'Installation', document: { markdown: 'Install the kit:\n\n```bash\nquire-kit install --everything\n```\n' } },
        { operation: 'insert_page', title: 'Reference tables', document: { markdown: '| Setting | Default |\n| --- | --- |\n| cacheSize | 64 MiB |\n| workers | 2 |\n' } },
      ]);
      ids.welcome = pageIdOf(first, 0);
      ids.install = pageIdOf(first, 1);
      const child = await writeChanges(api, ids.space, ids.cr, [{ operation: 'insert_page', into: ids.install, title: 'Installing on Linux', document: { markdown: 'Use the package manager.\n' } }]);
      ids.linux = pageIdOf(child, 0);

      const { data } = await api.spaces.getChangeRequestPdf(ids.space, ids.cr);
      expect(data.url).toMatch(new RegExp(`^${server().baseUrl}/v1/spaces/${ids.space}/change-requests/${ids.cr}/pdf/`));
      expect(printed).toHaveLength(1);

      const response = await download(data.url, server().admin.token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toContain(`filename="Field guide-${ids.number}.pdf"`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      const pdf = await readPdf(bytes);
      const all = pdf.text.join('\n');
      for (const title of ['Welcome', 'Installation', 'Installing on Linux', 'Reference tables']) expect(all).toContain(title);
      expect(all).toContain('quire-kit install --everything');
      expect(all).toContain('cacheSize');
      expect(all).toContain('64 MiB');
      // Each page starts a sheet, in tree order; the header names the change request, the footer numbers sheets.
      expect(pdf.pages).toBeGreaterThanOrEqual(4);
      const sheetOf = (title: string) => pdf.text.findIndex((text) => text.includes(title));
      expect([sheetOf('Our diagram'), sheetOf('quire-kit'), sheetOf('package manager'), sheetOf('cacheSize')]).toEqual([0, 1, 2, 3]);
      expect(pdf.text[0]).toContain(`#${ids.number} First draft`);
      expect(pdf.text[0]).toMatch(new RegExp(`1 / ${pdf.pages}`));
      // The image of the revision is painted on the first sheet.
      expect(pdf.imageSheets).toContain(1);
    });

    it('answers the second request from the cache, for the admin and for a reader, without printing again', async () => {
      const api = server().client();
      const { data: first } = await api.spaces.getChangeRequestPdf(ids.space, ids.cr);
      const reader = await server().tokenFor({ user: `reader-${Math.random()}@pdf.test`, organization: server().admin.organization.id, role: 'read' });
      const { data: second } = await server().client(reader).spaces.getChangeRequestPdf(ids.space, ids.cr);
      expect(second.url).toBe(first.url);
      expect(printed).toHaveLength(1);
      expect((await download(second.url, reader)).status).toBe(200);
    });

    it('prints one page alone with only and page; a page not in the change request is a 404', async () => {
      const api = server().client();
      const { data } = await api.spaces.getChangeRequestPdf(ids.space, ids.cr, { page: ids.install, only: true });
      const pdf = await readPdf(new Uint8Array(await (await download(data.url, server().admin.token)).arrayBuffer()));
      const all = pdf.text.join('\n');
      expect(all).toContain('Installation');
      expect(all).not.toContain('Installing on Linux');
      expect(all).not.toContain('Reference tables');
      const { data: subtree } = await api.spaces.getChangeRequestPdf(ids.space, ids.cr, { page: ids.install });
      const withChildren = (await readPdf(new Uint8Array(await (await download(subtree.url, server().admin.token)).arrayBuffer()))).text.join('\n');
      expect(withChildren).toContain('Installing on Linux');
      expect(withChildren).not.toContain('Welcome');
      expect(await statusOf(api.spaces.getChangeRequestPdf(ids.space, ids.cr, { page: 'noSuchPage' }))).toBe(404);
    });

    it('refuses the download without a token and to a member of another organization', async () => {
      const { data } = await server().client().spaces.getChangeRequestPdf(ids.space, ids.cr);
      expect((await download(data.url, null)).status).toBe(401);
      const elsewhere = await server().store.createOrganization({ title: 'Elsewhere' });
      const outsider = await server().tokenFor({ user: `outsider-${Math.random()}@pdf.test`, organization: elsewhere.id, role: 'admin' });
      expect((await download(data.url, outsider)).status).toBe(404);
      expect(await statusOf(server().client(outsider).spaces.getChangeRequestPdf(ids.space, ids.cr))).toBe(404);
    });

    it('keeps a screenshot of the first sheet in test-artifacts/', async () => {
      const job = printed[0]!;
      const png = await printer.screenshot(job);
      mkdirSync(artifacts, { recursive: true });
      const file = join(artifacts, `change-request-pdf-${server().kind}.png`);
      writeFileSync(file, png);
      const written = readFileSync(file);
      expect([...written.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(written.length).toBeGreaterThan(1000);
      printed = [];
    });

    it('checked what it used', () => {
      expect([...server().validator.operationIds]).toEqual(expect.arrayContaining(['getChangeRequestPDF']));
    });
  });
});
