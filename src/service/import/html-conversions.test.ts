import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import { convertHtmlRequest, createHtmlConversions, type HtmlConversions } from './html-conversions.ts';

const fixture = (path: string) => readFileSync(new URL(`../../../test/fixtures/import-site/${path}`, import.meta.url), 'utf8');
/** A page of megabytes of tiny elements: what a hostile site serves to hold the converter. */
const hostilePage = `<html><body><main>${'<p><b>x</b><i>y</i></p>'.repeat(60_000)}</main></body></html>`;

let conversions: HtmlConversions | undefined;
afterEach(async () => {
  await conversions?.close();
  conversions = undefined;
});

describe('HTML conversions of a website import', () => {
  it('give in a worker thread what the converter gives on the calling thread', async () => {
    conversions = createHtmlConversions({ inlineBelow: 0 });
    const html = fixture('guide/configure.html');
    const url = 'https://docs.test/guide/configure.html';
    expect(await conversions.convert(html, url)).toEqual(convertHtmlRequest({ op: 'convert', html, url }));
    expect(await conversions.discover(html, url)).toEqual(convertHtmlRequest({ op: 'discover', html, url }));
    const targets = { pages: new Map([['https://docs.test/guide/install.html', 'install.md']]), images: new Map<string, string>() };
    expect(await conversions.body({ html, url }, targets)).toBe(convertHtmlRequest({ op: 'body', html, url, targets }));
  });

  it('leave the calling thread free while a hostile page converts, and stop it past the budget, naming the page', async () => {
    conversions = createHtmlConversions({ budgetMs: 200 });
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const outcome = await conversions.convert(hostilePage, 'https://docs.test/hostile.html').then(
      () => 'converted',
      (error: unknown) => error,
    );
    clearInterval(timer);
    expect(isQuireError(outcome, 'CONTENT_TOO_COSTLY'), String(outcome)).toBe(true);
    expect((outcome as Error).message).toContain('https://docs.test/hostile.html');
    // The thread that answers requests went on running while the worker converted.
    expect(ticks).toBeGreaterThan(0);
    // The pool starts a fresh worker for what comes next.
    expect((await conversions.convert(fixture('faq.html'), 'https://docs.test/faq.html')).title).not.toBe('');
  });
});
