import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQuireError } from '../errors/index.ts';
import { crawlSite, scopeOf, type CrawlLimits } from './crawl-site.ts';
import { importRobotsToken, importUserAgent, SiteFetcher, type HostResolver } from './fetch-page.ts';
import { startHostileSite, type HostileSite } from './hostile-site.fixture.ts';
import { discoverLinks } from './html-to-markdown.ts';
import { importTargetPolicyFrom, publicOnlyPolicy } from './import-target-rule.ts';

const limits: CrawlLimits = { maxPages: 50, maxDepth: 5, concurrency: 3, maxPageBytes: 1_000_000 };
const local = importTargetPolicyFrom('127.0.0.1');

describe('crawlSite against a hostile local site', () => {
  let site: HostileSite;
  beforeAll(async () => {
    site = await startHostileSite({ robots: 'User-agent: *\nDisallow: /hostile/private/\n' });
  });
  afterAll(() => site.close());

  const crawl = async (path: string, options: Partial<CrawlLimits> & { timeoutMs?: number } = {}) => {
    const start = new URL(path, site.origin);
    const fetcher = new SiteFetcher(start, { policy: local, limits: { timeoutMs: options.timeoutMs ?? 1500, maxRedirects: 5 }, userAgent: importUserAgent('0.0.0') });
    try {
      return await crawlSite(start, fetcher, discoverLinks, { ...limits, ...options, robotsToken: importRobotsToken });
    } finally {
      await fetcher.close();
    }
  };

  it('ends link loops, honours robots.txt, skips off-site redirects, the never-ending page and the 50 MB page', async () => {
    const started = Date.now();
    const result = await crawl('/hostile/');
    expect(Date.now() - started).toBeLessThan(10_000);
    const urls = result.pages.map((page) => new URL(page.url).pathname);
    expect(urls).toEqual(['/hostile/', '/hostile/loop-a.html', '/hostile/scripts.html', '/hostile/loop-b.html']);
    const reasons = Object.fromEntries(result.skipped.map((skip) => [new URL(skip.url).pathname, skip.reason]));
    expect(reasons['/hostile/private/secret.html']).toBe('robots.txt disallows it');
    expect(reasons['/hostile/off-site-redirect.html']).toMatch(/redirects off the site/);
    expect(reasons['/hostile/never-ends.html']).toMatch(/took longer than 1500 ms/);
    expect(reasons['/hostile/huge.html']).toMatch(/more than the 1000000 bytes/);
    expect(reasons['/hostile/picture.png']).toMatch(/image\/png, not a type/);
    // Each page once; the secret page and the other origin never requested.
    expect(site.requests.filter((path) => path === '/hostile/loop-a.html')).toHaveLength(1);
    expect(site.requests).not.toContain('/hostile/private/secret.html');
    expect(site.requests).not.toContain('/hostile/internal.html');
  });

  it('stays under the start path prefix and within the depth and page limits', async () => {
    const all = await crawl('/index.html');
    expect(all.pages.map((page) => new URL(page.url).pathname)).toEqual(expect.arrayContaining(['/index.html', '/guide/install.html', '/reference/api.html', '/faq.html']));
    expect(all.pages.every((page) => !page.url.includes('/hostile/'))).toBe(true);
    const guide = await crawl('/guide/install.html');
    expect(guide.pages.map((page) => new URL(page.url).pathname).sort()).toEqual(['/guide/configure.html', '/guide/install.html']);
    expect((await crawl('/index.html', { maxDepth: 0 })).pages).toHaveLength(1);
    expect((await crawl('/index.html', { maxPages: 2 })).pages).toHaveLength(2);
  });

  it('refuses a host that resolves to a private address, and pins the address it checked', async () => {
    const start = new URL(`http://docs.public.test:${site.port}/hostile/`);
    let lookups = 0;
    // First a public address, then loopback (DNS rebinding): the second answer is never asked for.
    const rebinding: HostResolver = async () => (lookups++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']);
    const pinned = new SiteFetcher(start, { policy: publicOnlyPolicy, limits: { timeoutMs: 500, maxRedirects: 5 }, userAgent: 'test', resolve: rebinding });
    expect((await pinned.address()).address).toBe('93.184.216.34');
    expect((await pinned.address()).address).toBe('93.184.216.34');
    expect(lookups).toBe(1);
    await pinned.close();

    const toLoopback: HostResolver = async () => ['127.0.0.1'];
    const fetcher = new SiteFetcher(start, { policy: publicOnlyPolicy, limits: { timeoutMs: 500, maxRedirects: 5 }, userAgent: 'test', resolve: toLoopback });
    const before = site.requests.length;
    const error = await crawlSite(start, fetcher, discoverLinks, { ...limits, robotsToken: importRobotsToken }).catch((caught: unknown) => caught);
    await fetcher.close();
    expect(isQuireError(error, 'INVALID_ARGUMENT')).toBe(true);
    expect((error as Error).message).toMatch(/^url: docs\.public\.test resolves to 127\.0\.0\.1, a loopback address/);
    expect(site.requests.length).toBe(before);
  });

  it('fetches a public-looking host through its checked address and never follows its links to 127.0.0.1', async () => {
    // The name "resolves" to loopback but is allowed by name, as an operator would allow an intranet host; its
    // links and redirects to http://127.0.0.1:<port> (another origin) are not fetched.
    const hostile = await startHostileSite({ elsewhere: site.origin });
    try {
      const start = new URL(`http://docs.public.test:${hostile.port}/hostile/`);
      const fetcher = new SiteFetcher(start, { policy: importTargetPolicyFrom('docs.public.test'), limits: { timeoutMs: 800, maxRedirects: 5 }, userAgent: 'test', resolve: async () => ['127.0.0.1'] });
      const before = site.requests.length;
      const result = await crawlSite(start, fetcher, discoverLinks, { ...limits, robotsToken: importRobotsToken });
      await fetcher.close();
      expect(result.pages.map((page) => new URL(page.url).host)).toEqual(Array(result.pages.length).fill(`docs.public.test:${hostile.port}`));
      expect(result.pages.length).toBeGreaterThan(1);
      expect(site.requests.length).toBe(before);
      expect(result.skipped.find((skip) => skip.url.endsWith('/off-site-redirect.html'))?.reason).toBe(`redirects off the site, to ${site.origin}`);
    } finally {
      await hostile.close();
    }
  });

  it('scopes /docs and /docs/intro.html to /docs/', () => {
    expect(scopeOf(new URL('https://a.test/docs')).prefix).toBe('/docs/');
    expect(scopeOf(new URL('https://a.test/docs/intro.html')).prefix).toBe('/docs/');
    expect(scopeOf(new URL('https://a.test/')).prefix).toBe('/');
  });
});
