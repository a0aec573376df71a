// Every image the demo's exported site shows is one a browser can draw: each file of the export and each
// `<img src>` of each page decodes (test/support/decode-image.ts: a PNG is inflated to its rows), the images of the
// demo's sample repositories do too, and in Chromium every image of every page loads with a size.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/program.ts';
import { decodeImage } from './support/decode-image.ts';
import { chromiumAvailable, launchOfflineChromium } from './support/offline-chromium.ts';
import { fixtureRepositories } from './support/repositories.ts';

const imageExtensions = new Set(['.png', '.gif', '.jpg', '.jpeg', '.svg', '.webp', '.avif', '.bmp', '.ico']);
const isImage = (path: string) => imageExtensions.has(extname(path).toLowerCase());

/** Every file under `folder`, relative to it, with `/` separators; `.git` is left out. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.startsWith('.git/'))
    .sort();
}

/** What is wrong with the image at `path`, or undefined when it decodes. */
function imageProblem(path: string): string | undefined {
  try {
    decodeImage(readFileSync(path));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The demo's sample repository and the one it falls back to on a server without page kinds (src/cli/commands/demo.ts). */
const sampleRepositories = ['handbook', 'hand-written'];

describe('the images of the demo', () => {
  const out = mkdtempSync(join(tmpdir(), 'quire-demo-images-'));
  const site = join(out, 'site');
  let pages: string[] = [];

  beforeAll(async () => {
    let printed = '';
    const code = await runCli(['demo', '--out', out], { out: (text) => (printed += text), err: (text) => (printed += text), interactive: false });
    expect(code, printed).toBe(0);
    pages = filesUnder(site).filter((path) => path.endsWith('.html'));
  }, 120_000);

  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('the export holds only images that decode, and every <img> of every page names one of them', () => {
    const images = filesUnder(site).filter(isImage);
    expect(images.length).toBeGreaterThan(0);
    expect(Object.fromEntries(images.map((path) => [path, imageProblem(join(site, path))]).filter(([, problem]) => problem !== undefined))).toEqual({});

    const shown = pages.flatMap((page) =>
      [...readFileSync(join(site, page), 'utf8').matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/g)].map((match) => ({ page, src: match[1]!.replaceAll('&amp;', '&') })),
    );
    expect(shown.length).toBeGreaterThanOrEqual(2); // the page cover and the figure of the home page
    const broken = shown
      .map(({ page, src }) => {
        if (/^[a-z][a-z0-9+.-]*:/i.test(src)) return `${page}: ${src} is not a file of the export`;
        const file = join(site, dirname(page), decodeURIComponent(src.split(/[?#]/)[0]!));
        const problem = imageProblem(file);
        return problem === undefined ? undefined : `${page}: ${src}: ${problem}`;
      })
      .filter((problem) => problem !== undefined);
    expect(broken).toEqual([]);
  });

  it.each(sampleRepositories)('the images of the sample repository %s decode', (name) => {
    const folder = fixtureRepositories[name]!;
    const images = filesUnder(folder).filter(isImage);
    expect(images.length).toBeGreaterThan(0);
    expect(Object.fromEntries(images.map((path) => [path, imageProblem(join(folder, path))]).filter(([, problem]) => problem !== undefined))).toEqual({});
  });

  it('the check refuses a truncated image (the 33 bytes the cover once was)', () => {
    const cover = readFileSync(join(fixtureRepositories.handbook!, '.gitbook/assets/cover image.png'));
    expect(decodeImage(cover)).toMatchObject({ format: 'png' });
    expect(() => decodeImage(cover.subarray(0, 33))).toThrow(/PNG/);
    expect(() => decodeImage(cover.subarray(0, cover.length - 20))).toThrow(/PNG truncated/);
  });

  describe.skipIf(!chromiumAvailable('demo-images'))('in Chromium', () => {
    let context: BrowserContext | undefined;
    afterAll(async () => {
      await context?.close();
    });

    it('every image of every page loads, with a size', async () => {
      context = await launchOfflineChromium(join(out, 'profile'), { width: 1280, height: 800 });
      const page = context.pages()[0] ?? (await context.newPage());
      const undrawn: string[] = [];
      let drawn = 0;
      for (const path of pages) {
        await page.goto(pathToFileURL(join(site, path)).href);
        // Lazy images below the fold load only when asked: load each now and wait until it is decoded or failed.
        const images = await page.evaluate<Array<{ src: string; width: number; height: number }>>(`Promise.all([...document.images].map(async (image) => {
          image.loading = 'eager';
          await image.decode().catch(() => undefined);
          return { src: image.getAttribute('src') ?? '', width: image.naturalWidth, height: image.naturalHeight };
        }))`);
        for (const image of images) {
          if (image.width > 0 && image.height > 0) drawn += 1;
          else undrawn.push(`${path}: ${image.src}`);
        }
      }
      expect(undrawn).toEqual([]);
      expect(drawn).toBeGreaterThanOrEqual(2);
    }, 60_000);
  });
});
