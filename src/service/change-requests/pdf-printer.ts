// The Chromium edge of the change-request PDF: prints an HTML document to PDF with Debian's Chromium through
// playwright-core. One browser per printer, launched on the first print and reused; at most `concurrency` prints at
// once, each in a fresh browser context with JavaScript off, within `timeoutMs`. The document is served from memory
// at an origin of its own; every other request is refused, so a print never reaches the network.
import { existsSync } from 'node:fs';
import PQueue from 'p-queue';
import type * as PlaywrightModuleNamespace from 'playwright-core';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { QuireError } from '../../errors/index.ts';

type PlaywrightModule = typeof PlaywrightModuleNamespace;

/** Where Debian (`apt-get install chromium`) puts the browser. */
export const defaultChromiumPath = '/usr/bin/chromium';

/** The sheet sizes a printer prints on. */
export type PaperFormat = 'A4' | 'Letter';

/** A file the document asks for, answered from memory. */
export interface PrintResource {
  contentType: string;
  bytes: Uint8Array;
}

/** One document to print. */
export interface PrintJob {
  html: string;
  /**
   * Answers a request of the document for a path of its own origin, without the leading `/` and decoded
   * (`files/f1/logo.png`); undefined answers 404.
   */
  resource(path: string): Promise<PrintResource | undefined>;
  /** The line at the top of every sheet (the space and the change request). */
  header: string;
}

/** Prints documents to PDF. */
export interface PdfPrinter {
  /** The sheet size of every print (part of what a cached print depends on). */
  readonly paper: PaperFormat;
  /** The PDF bytes of `job`: sheets of `paper` with margins, the header, page numbers in the footer. */
  print(job: PrintJob): Promise<Uint8Array>;
  /** A PNG of the first sheet of `job` as it prints (print media, at 96 dpi): a preview, and the tests' artefact. */
  screenshot(job: PrintJob): Promise<Uint8Array>;
  /** Closes the browser; prints after this fail with `PDF_PRINTER_UNAVAILABLE`. */
  close(): Promise<void>;
}

export interface PdfPrinterOptions {
  /** The Chromium executable; default `defaultChromiumPath` (`quire serve` reads `QUIRE_CHROMIUM`). */
  executablePath?: string;
  /** Default `A4`. */
  paper?: PaperFormat;
  /** Prints at once, 1 or 2 (each costs a renderer process); default 2. */
  concurrency?: number;
  /** How long one print may take once it runs, in ms; default 60 s. */
  timeoutMs?: number;
  /** Prints that may wait for their turn; past it a print is refused at once. Default 32. */
  maxWaiting?: number;
}

/** The origin the document is served at: `.invalid` never resolves, and nothing leaves the browser for it anyway. */
const printOrigin = 'http://print.quire.invalid';
/** Sheet sizes in CSS pixels (96 dpi), for the screenshot's viewport. */
const sheetPixels: Record<PaperFormat, { width: number; height: number }> = { A4: { width: 794, height: 1123 }, Letter: { width: 816, height: 1056 } };
const launchTimeoutMs = 30_000;

/**
 * A printer on Chromium. Nothing starts until the first print; a browser that crashes is started again by the
 * next one. A missing or broken Chromium is a `PDF_PRINTER_UNAVAILABLE` naming the path and what to install.
 *
 * @example
 * const printer = createPdfPrinter({ executablePath: process.env.QUIRE_CHROMIUM });
 * const pdf = await printer.print({ html, header: 'Handbook: #3', resource: async () => undefined });
 * await printer.close();
 */
export function createPdfPrinter(options: PdfPrinterOptions = {}): PdfPrinter {
  return new ChromiumPrinter(options);
}

class ChromiumPrinter implements PdfPrinter {
  readonly paper: PaperFormat;
  readonly #executablePath: string;
  readonly #timeoutMs: number;
  readonly #maxWaiting: number;
  readonly #queue: PQueue;
  #browser: Promise<Browser> | undefined;
  #closed = false;

  constructor(options: PdfPrinterOptions) {
    this.paper = options.paper ?? 'A4';
    if (this.paper !== 'A4' && this.paper !== 'Letter') throw new QuireError('INVALID_ARGUMENT', `paper must be A4 or Letter, not ${JSON.stringify(options.paper)}`, { field: 'paper' });
    this.#executablePath = options.executablePath === undefined || options.executablePath.trim() === '' ? defaultChromiumPath : options.executablePath;
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#maxWaiting = options.maxWaiting ?? 32;
    this.#queue = new PQueue({ concurrency: Math.min(2, Math.max(1, Math.floor(options.concurrency ?? 2))) });
  }

  print(job: PrintJob): Promise<Uint8Array> {
    return this.#withPage(job, async (page) => {
      const pdf = await page.pdf({
        format: this.paper,
        margin: { top: '20mm', bottom: '20mm', left: '16mm', right: '16mm' },
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: `<div style="${marginBoxStyle}"><span>${escapeText(job.header)}</span></div>`,
        footerTemplate: `<div style="${marginBoxStyle} text-align: right;"><span class="pageNumber"></span> / <span class="totalPages"></span></div>`,
        outline: true,
        tagged: true,
      });
      return new Uint8Array(pdf);
    });
  }

  screenshot(job: PrintJob): Promise<Uint8Array> {
    return this.#withPage(job, async (page) => {
      const sheet = sheetPixels[this.paper];
      await page.setViewportSize(sheet);
      await page.emulateMedia({ media: 'print' });
      return new Uint8Array(await page.screenshot({ type: 'png', clip: { x: 0, y: 0, ...sheet } }));
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#queue.clear();
    const browser = this.#browser;
    this.#browser = undefined;
    if (browser !== undefined) await browser.then((opened) => opened.close()).catch(() => undefined);
  }

  async #withPage<T>(job: PrintJob, work: (page: Page) => Promise<T>): Promise<T> {
    if (this.#closed) throw unavailable('the PDF printer is closed (the server is shutting down)');
    if (this.#queue.size >= this.#maxWaiting) {
      throw new QuireError('PDF_PRINT_FAILED', `${this.#queue.size} PDFs are waiting to be printed; retry in a moment`, { waiting: this.#queue.size });
    }
    return (await this.#queue.add(async () => {
      const browser = await this.#browserOnce();
      let context: BrowserContext | undefined;
      let timer: NodeJS.Timeout | undefined;
      const printing = (async () => {
        context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', acceptDownloads: false, viewport: sheetPixels[this.paper] });
        await context.route('**/*', (route) => answer(route, job));
        const page = await context.newPage();
        page.setDefaultTimeout(this.#timeoutMs);
        await page.goto(`${printOrigin}/`, { waitUntil: 'load' });
        return work(page);
      })();
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new QuireError('PDF_PRINT_FAILED', `printing the PDF took longer than ${Math.round(this.#timeoutMs / 1000)} s`, { timeoutMs: this.#timeoutMs })), this.#timeoutMs);
      });
      try {
        return await Promise.race([printing, timeout]);
      } catch (error) {
        if (error instanceof QuireError) throw error;
        throw new QuireError('PDF_PRINT_FAILED', `Chromium failed while printing: ${firstLine(error)}`, {}, { cause: error });
      } finally {
        clearTimeout(timer);
        printing.catch(() => undefined);
        // Closing the context stops whatever the page was still doing (after a timeout).
        await (context as BrowserContext | undefined)?.close().catch(() => undefined);
      }
    })) as T;
  }

  #browserOnce(): Promise<Browser> {
    if (this.#browser === undefined) {
      const launching = this.#launch();
      this.#browser = launching;
      // A failed start is not kept: Chromium may be installed before the next print.
      launching.then(
        (browser) =>
          browser.on('disconnected', () => {
            if (this.#browser === launching) this.#browser = undefined;
          }),
        () => {
          if (this.#browser === launching) this.#browser = undefined;
        },
      );
    }
    return this.#browser;
  }

  async #launch(): Promise<Browser> {
    const path = this.#executablePath;
    if (!existsSync(path)) throw unavailable(`there is no Chromium at ${path}: install it (apt-get install chromium) or set QUIRE_CHROMIUM to its path`);
    let playwright: PlaywrightModule;
    try {
      playwright = await import('playwright-core');
    } catch (cause) {
      throw unavailable('the playwright-core package, which drives Chromium, is not installed (npm install playwright-core)', cause);
    }
    try {
      return await playwright.chromium.launch({
        executablePath: path,
        headless: true,
        timeout: launchTimeoutMs,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          // Belt and braces with the request routing: no name resolves.
          '--host-resolver-rules=MAP * ~NOTFOUND',
        ],
      });
    } catch (cause) {
      throw unavailable(`Chromium at ${path} did not start (${firstLine(cause)}): reinstall it (apt-get install chromium) or set QUIRE_CHROMIUM to a working one`, cause);
    }
  }
}

/** Answers one request of the page: the document, its files, and nothing else. */
async function answer(route: Route, job: PrintJob): Promise<void> {
  const url = new URL(route.request().url());
  if (url.origin !== printOrigin) return route.abort('blockedbyclient');
  if (url.pathname === '/') return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: job.html });
  let path: string;
  try {
    path = decodeURIComponent(url.pathname.slice(1));
  } catch {
    return route.fulfill({ status: 404, body: '' });
  }
  const resource = await job.resource(path).catch(() => undefined);
  if (resource === undefined) return route.fulfill({ status: 404, body: '' });
  return route.fulfill({ status: 200, contentType: resource.contentType, body: Buffer.from(resource.bytes.buffer, resource.bytes.byteOffset, resource.bytes.byteLength) });
}

// Header and footer templates are rendered apart from the page, with a font size of 0 unless they set one.
const marginBoxStyle = 'font-size: 8px; font-family: sans-serif; color: #6b7280; width: 100%; margin: 0 16mm;';

function unavailable(message: string, cause?: unknown): QuireError {
  return new QuireError('PDF_PRINTER_UNAVAILABLE', message, {}, cause === undefined ? undefined : { cause });
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 300);
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
