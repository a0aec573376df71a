// Debian's Chromium through playwright-core, for the tests that read an exported bundle as a reader does: headless,
// with the flags this machine's closed network needs, and every http(s) request aborted (the bundle works offline).
import { existsSync } from 'node:fs';
import { chromium, type BrowserContext } from 'playwright-core';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the browser tests of `suite` can run. CI installs Chromium (.ci/run): there, a missing browser is a
 * failure, not a skip; elsewhere the suite is skipped with the reason.
 *
 * @example
 * describe.skipIf(!chromiumAvailable('export-browser'))('exported site in a browser', () => { ... });
 */
export function chromiumAvailable(suite: string): boolean {
  const available = existsSync(chromiumPath);
  if (!available && process.env.CI === 'true') throw new Error(`CI must run the browser tests, but there is no chromium at ${chromiumPath}`);
  if (!available) console.warn(`${suite} tests skipped: no chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  return available;
}

/**
 * A browser with a new profile in `profile`, whose requests to the network are aborted.
 *
 * @example
 * const context = await launchOfflineChromium(join(scratch, 'profile'), { width: 1360, height: 860 });
 */
export async function launchOfflineChromium(profile: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
  await context.route(/^https?:/, (route) => route.abort());
  return context;
}
