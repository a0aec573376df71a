import PQueue from 'p-queue';
import type { ContentChange } from '../../content/index.ts';
import { maxChangesPerBatch } from '../../content/index.ts';
import { QuireError } from '../../errors/index.ts';
import { planLayout } from '../../format/directory-layout.ts';
import { relativePath } from '../../format/directory-path.ts';
import { encodeTargetPath } from '../../format/reference-resolver.ts';
import { crawlSite, defaultCrawlLimits, normaliseUrl, scopeOf, type CrawlLimits, type CrawlProgress } from '../../import/crawl-site.ts';
import { importRobotsToken, importUserAgent, SiteFetcher, type HostResolver } from '../../import/fetch-page.ts';
import type { ConvertedPage } from '../../import/html-to-markdown.ts';
import { imageFileName, pageKey, planImport, type ImportTargets, type PlannedPage } from '../../import/import-pages.ts';
import { createHtmlConversions } from './html-conversions.ts';
import { checkImportUrl, importTargetPolicyFrom, publicOnlyPolicy, type ImportTargetPolicy } from '../../import/import-target-rule.ts';
import type { Actor } from '../access/actor.ts';
import { createChangeRequest } from '../change-requests/change-requests.ts';
import { updateChangeRequestContent } from '../change-requests/change-request-content.ts';
import { spaceAccess } from '../access/content-access.ts';
import { requireEditable } from '../spaces/editable-space.ts';
import { mergeChangeRequest } from '../change-requests/merge-change-request.ts';
import type { PublishedContentUpdate } from '../content/published-content-shapes.ts';
import { quireVersion } from '../quire-server-info.ts';
import { maxFileBytesOf, type ServiceContext } from '../service-context.ts';

/**
 * How a server imports websites (`quire serve` reads them from the environment, docs/website-import.md):
 * the SSRF allow-list, the crawl limits, one request's deadline, the largest image, how many import runs run at
 * once, and (tests only) the resolver.
 */
export interface ImportSettings {
  policy: ImportTargetPolicy;
  limits: CrawlLimits;
  /** One request, headers and body (default 15 s). */
  timeoutMs: number;
  /** Largest image stored (default 10 MB, and never more than the server's file limit). */
  maxImageBytes: number;
  /** Import runs executed at once by one server process (default 2). */
  runConcurrency: number;
  resolve?: HostResolver | undefined;
}

/** The settings of a server that was given none: public addresses only, `defaultCrawlLimits`. */
export const defaultImportSettings: ImportSettings = {
  policy: publicOnlyPolicy,
  limits: defaultCrawlLimits,
  timeoutMs: 15_000,
  maxImageBytes: 10 * 1000 * 1000,
  runConcurrency: 2,
};

/** The body of `POST .../content/import`: the seed's `{ url, source }`. */
export interface ContentImportBody {
  url: string;
  source: string;
}

/** The seed's answer: the revision written, pages and files written, and pages discovered. */
export interface ContentImportResult {
  revision: string;
  importedResources: number;
  totalResources: number;
}

/** What one website import did, for the synchronous answer and for an import run's record. */
export interface WebsiteImportOutcome extends ContentImportResult {
  pages: { id: string; sourceURL?: string; type: 'page' | 'folder' }[];
  files: number;
  skipped: { url: string; reason: string }[];
}

/** What an import reports while it runs (an import run stores it). */
export interface ImportProgress {
  discovered: number;
  imported: number;
}

/** The source kinds the published spec names (`ContentImportSource`), and the ones this server imports. */
const knownSources = ['website', 'file'] as const;
const supportedSources = ['website'];

/**
 * Checks an import's `source` and `url` fields: `source` must be a supported kind (`website`; `file` is a
 * known kind this server does not import), `url` an http(s) URL. Errors name the field.
 *
 * @example
 * checkImportRequest('website', 'https://docs.example.com/', { source: 'source', url: 'url' }) // → URL
 */
export function checkImportRequest(source: unknown, url: unknown, fields: { source: string; url: string }): URL {
  if (typeof source !== 'string' || !supportedSources.includes(source)) {
    const known = (knownSources as readonly unknown[]).includes(source);
    throw new QuireError(
      'INVALID_ARGUMENT',
      `${fields.source}: ${known ? `${String(source)} imports are not supported by this server` : `must be a known source kind (${knownSources.join(', ')})`}; supported: ${supportedSources.join(', ')}`,
      { field: fields.source, supported: supportedSources },
    );
  }
  if (typeof url !== 'string' || url === '') throw new QuireError('INVALID_ARGUMENT', `${fields.url}: is required, the http(s) address of the website to import`, { field: fields.url });
  return checkImportUrl(url, fields.url);
}

/**
 * `POST /v1/spaces/{spaceId}/content/import` (the seed's importContent): imports a website into the space
 * through a change request ("Import <url>") that is then merged, so the space's history shows what came in and
 * from where. Answers 201 `{ revision (the space's new head), importedResources, totalResources }`. A merge that
 * conflicts (the space changed meanwhile in a way that clashes) leaves the change request open and answers
 * `CONFLICT` naming it. Needs `edit` on the space.
 *
 * @example
 * await importSpaceContent(ctx, actor, spaceId, { source: 'website', url: 'https://docs.example.com/' });
 */
export async function importSpaceContent(ctx: ServiceContext, actor: Actor, spaceId: string, body: ContentImportBody): Promise<ContentImportResult> {
  const url = checkImportRequest(body.source, body.url, { source: 'source', url: 'url' });
  requireEditable(await spaceAccess(ctx, actor, spaceId), `import content into space ${spaceId}`);
  const changeRequest = await createChangeRequest(ctx, actor, spaceId, { subject: importSubject(url) });
  const outcome = await importWebsite(ctx, actor, spaceId, changeRequest.id, url);
  const merged = await mergeChangeRequest(ctx, actor, spaceId, changeRequest.id);
  if (merged.result !== 'merge') {
    throw new QuireError('CONFLICT', `the import is in change request ${changeRequest.number}, which conflicts with the space's content and was left open to resolve`, { changeRequest: changeRequest.id });
  }
  return { revision: merged.revision, importedResources: outcome.importedResources, totalResources: outcome.totalResources };
}

/**
 * `POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/import`: imports a website into the change
 * request (nothing merged). Answers the change request's new head and the counts. Needs `edit` on the space.
 *
 * @example
 * await importChangeRequestContent(ctx, actor, spaceId, '1', { source: 'website', url: 'https://docs.example.com/' });
 */
export async function importChangeRequestContent(ctx: ServiceContext, actor: Actor, spaceId: string, changeRequestId: string, body: ContentImportBody): Promise<ContentImportResult> {
  const url = checkImportRequest(body.source, body.url, { source: 'source', url: 'url' });
  requireEditable(await spaceAccess(ctx, actor, spaceId), `import content into change requests of space ${spaceId}`);
  const { id } = await ctx.store.getChangeRequest(spaceId, changeRequestId);
  const { revision, importedResources, totalResources } = await importWebsite(ctx, actor, spaceId, id, url);
  return { revision, importedResources, totalResources };
}

/** The subject of the change request of a space import. */
export function importSubject(url: URL): string {
  return `Import ${url.href}`.slice(0, 100);
}

/**
 * The engine every import uses: crawls the site at `url` (`crawlSite`, under the server's `ImportSettings`),
 * plans the page tree (`planImport`), stores the site's images as files, and writes the pages into the change
 * request `changeRequestId` through `updateChangeRequestContent` (the one content write path): the files first,
 * then the pages level by level (a parent before its children), then their bodies, converted with links between
 * imported pages and to imported images written as the relative paths of the Git layout (anchors kept), so a
 * stored body is the converter's output for the page's place in the space.
 * A start URL that cannot be imported at all is `INVALID_ARGUMENT` naming `url`; single pages that fail are
 * skipped with their reason. `signal` stops it between steps (a cancelled run).
 *
 * @example
 * const outcome = await importWebsite(ctx, actor, spaceId, changeRequestId, new URL('https://docs.example.com/'));
 */
export async function importWebsite(
  ctx: ServiceContext,
  actor: Actor,
  spaceId: string,
  changeRequestId: string,
  url: URL,
  options: { signal?: AbortSignal | undefined; onProgress?: ((progress: ImportProgress) => void) | undefined } = {},
): Promise<WebsiteImportOutcome> {
  const settings = ctx.imports ?? defaultImportSettings;
  const fetcher = new SiteFetcher(url, {
    policy: settings.policy,
    limits: { timeoutMs: settings.timeoutMs, maxRedirects: 5 },
    userAgent: importUserAgent(quireVersion),
    resolve: settings.resolve,
  });
  // Pages are converted off the thread that answers requests (all but small ones), each within a budget.
  const conversions = createHtmlConversions();
  try {
    const crawl = await crawlSite(url, fetcher, (html, pageUrl) => conversions.discover(html, pageUrl), {
      ...settings.limits,
      robotsToken: importRobotsToken,
      signal: options.signal,
      onProgress: (progress: CrawlProgress) => options.onProgress?.({ discovered: progress.discovered, imported: 0 }),
    });
    if (crawl.pages.length === 0) {
      const why = crawl.skipped.find((skip) => normaliseUrl(skip.url) === normaliseUrl(url.href))?.reason ?? 'no HTML page was found';
      throw new QuireError('INVALID_ARGUMENT', `url: nothing could be imported from ${url.href}: ${why}`, { field: 'url', skipped: crawl.skipped });
    }
    const prefix = scopeOf(url).prefix;
    const converted = new Map<string, ConvertedPage | Error>();
    for (const page of crawl.pages) {
      throwIfAborted(options.signal);
      converted.set(page.url, await conversions.convert(page.html, page.url).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))));
    }
    const plan = planImport(crawl.pages, prefix, (_html, { url: pageUrl }) => {
      const page = converted.get(pageUrl);
      if (page === undefined || page instanceof Error) throw page ?? new Error('it was not converted');
      return page;
    });
    if (plan.pages.length === 0) throw new QuireError('INVALID_ARGUMENT', `url: nothing could be imported from ${url.href}: ${plan.failed[0]?.reason ?? 'no page'}`, { field: 'url' });
    throwIfAborted(options.signal);

    const write = (changes: ContentChange[]) => updateChangeRequestContent(ctx, actor, spaceId, changeRequestId, changes, { compat: false }) as Promise<PublishedContentUpdate>;
    const fileIds = await writeImages(ctx, fetcher, plan.images, Math.min(settings.maxImageBytes, maxFileBytesOf(ctx)), settings.limits.concurrency, write);
    throwIfAborted(options.signal);

    const pageIds = new Map<string, string>();
    let revision: string | undefined;
    let imported = fileIds.size;
    for (const level of byDepth(plan.pages)) {
      for (const chunk of chunks(level, maxChangesPerBatch)) {
        throwIfAborted(options.signal);
        const changes = chunk.map((page, index): ContentChange => ({
          operation: 'insert_page',
          ref: `quire-import-${index}`,
          title: page.title,
          ...(page.description === undefined || page.description === '' ? {} : { description: page.description.slice(0, 1000) }),
          ...(page.parent === undefined ? {} : { into: pageIds.get(page.parent) }),
          document: { markdown: '' },
        }) as ContentChange);
        const answer = await write(changes);
        for (const change of answer.changes) {
          if (change.object !== 'created_page' || change.ref === undefined) continue;
          const page = chunk[Number(change.ref.slice('quire-import-'.length))];
          if (page !== undefined) pageIds.set(page.key, change.page.id);
        }
        revision = answer.changeRequest.revision;
        imported += chunk.length;
        options.onProgress?.({ discovered: crawl.discovered, imported });
      }
    }

    // Bodies are converted with their links already in the Git layout (relative paths between the pages' files,
    // anchors kept), which the write path keeps as written: the converter lays tables out around the targets
    // the page stores, and the stored body is the converter's output as it is.
    const layout = planLayout(await ctx.store.getRevision(revision!));
    const filePathOf = (page: PlannedPage) => layout.pages.get(pageIds.get(page.key)!)!;
    const targetsOf = (page: PlannedPage): ImportTargets => {
      const from = filePathOf(page);
      const relativeTo = (target: string | undefined) => (target === undefined ? undefined : encodeTargetPath(relativePath(from, target)));
      const pageLink = (link: string) => (link.startsWith(url.origin) ? relativeTo(layout.pages.get(pageIds.get(pageKey(link, prefix)) ?? '')) : undefined);
      const imageLink = (image: string) => relativeTo(layout.files.get(fileIds.get(image) ?? ''));
      const found = converted.get(page.source!.url) as ConvertedPage;
      const pages = new Map<string, string>();
      const images = new Map<string, string>();
      for (const link of found.links) {
        const key = normaliseUrl(link);
        const target = pageLink(key);
        if (target !== undefined) pages.set(key, target);
      }
      for (const image of found.images) {
        const key = normaliseUrl(image);
        const target = imageLink(key);
        if (target !== undefined) images.set(key, target);
      }
      return { pages, images };
    };
    const withBodies = plan.pages.filter((page) => page.source !== undefined);
    for (const chunk of chunks(withBodies, maxChangesPerBatch)) {
      throwIfAborted(options.signal);
      const changes: ContentChange[] = [];
      for (const page of chunk) {
        const markdown = await conversions.body(page.source!, targetsOf(page));
        changes.push({ operation: 'update_page', page: pageIds.get(page.key)!, title: page.title, document: { markdown } } as ContentChange);
      }
      revision = (await write(changes)).changeRequest.revision;
    }

    return {
      revision: revision ?? (await ctx.store.getChangeRequest(spaceId, changeRequestId)).revision,
      importedResources: plan.pages.length + fileIds.size,
      // Pages, not URLs: `/`, `/index.html` and `/index.html?` are one page.
      totalResources: new Set(crawl.seen.map((seen) => pageKey(seen, prefix))).size,
      files: fileIds.size,
      skipped: [...crawl.skipped, ...plan.failed, ...plan.duplicates.map((duplicate) => ({ url: duplicate.url, reason: `the same page as ${duplicate.sameAs}` }))],
      pages: plan.pages.map((page) => ({ id: pageIds.get(page.key)!, type: page.kind, ...(page.source === undefined ? {} : { sourceURL: page.source.url }) })),
    };
  } finally {
    await Promise.all([fetcher.close(), conversions.close()]);
  }
}

/** Fetches the site's images (`image/*`, at most `maxBytes` each), stores them, and inserts them as files; answers their ids by URL. */
async function writeImages(
  ctx: ServiceContext,
  fetcher: SiteFetcher,
  images: readonly string[],
  maxBytes: number,
  concurrency: number,
  write: (changes: ContentChange[]) => Promise<PublishedContentUpdate>,
): Promise<Map<string, string>> {
  const queue = new PQueue({ concurrency: Math.max(1, concurrency) });
  const fetched: ({ url: string; name: string; contentType: string; blob: string } | undefined)[] = await Promise.all(
    images.map((image) =>
      queue.add(async () => {
        const outcome = await fetcher.fetch(image, { accepts: (type) => type.startsWith('image/'), maxBytes });
        if (!outcome.ok) return undefined;
        const { hash } = await ctx.store.putBlob(outcome.body);
        return { url: image, name: imageFileName(image), contentType: outcome.mediaType, blob: hash };
      }),
    ),
  );
  const stored = fetched.filter((file) => file !== undefined);
  const ids = new Map<string, string>();
  // One insert_files change takes 20 files; a batch, 50 changes.
  for (const batch of chunks(stored, 20 * maxChangesPerBatch)) {
    const changes = chunks(batch, 20).map((files): ContentChange => ({
      operation: 'insert_files',
      files: files.map(({ name, contentType, blob }) => ({ name, contentType, blob })),
    }) as unknown as ContentChange);
    const answer = await write(changes);
    answer.insertedFiles?.forEach((file, index) => {
      const source = batch[index];
      if (source !== undefined) ids.set(source.url, file.id);
    });
  }
  return ids;
}

/** The pages grouped by depth in the tree (roots first), each group in plan order. */
function byDepth(pages: readonly PlannedPage[]): PlannedPage[][] {
  const depthOf = new Map<string, number>();
  const levels: PlannedPage[][] = [];
  for (const page of pages) {
    const depth = page.parent === undefined ? 0 : (depthOf.get(page.parent) ?? 0) + 1;
    depthOf.set(page.key, depth);
    (levels[depth] ??= []).push(page);
  }
  return levels.filter((level) => level !== undefined);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw new QuireError('CONFLICT', 'the import was cancelled', { cancelled: true });
}

/**
 * The import settings the environment gives a server: `QUIRE_IMPORT_ALLOW_HOSTS` (host names that may resolve
 * to non-public addresses, separated by commas), `QUIRE_IMPORT_MAX_PAGES`, `QUIRE_IMPORT_MAX_DEPTH`,
 * `QUIRE_IMPORT_CONCURRENCY` (1 to 4) and `QUIRE_IMPORT_TIMEOUT_MS`; unset ones keep their defaults. A value
 * that is not a positive whole number is `INVALID_ARGUMENT` naming the variable.
 *
 * @example
 * importSettingsFromEnv({ QUIRE_IMPORT_ALLOW_HOSTS: 'wiki.intranet', QUIRE_IMPORT_MAX_PAGES: '500' }).limits.maxPages // → 500
 */
export function importSettingsFromEnv(env: Readonly<Record<string, string | undefined>>): ImportSettings {
  const whole = (name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < 0 || value > max) throw new QuireError('INVALID_ARGUMENT', `${name} must be a whole number from 0 to ${max}, not "${raw}"`, { field: name });
    return value;
  };
  const limits = defaultImportSettings.limits;
  return {
    ...defaultImportSettings,
    policy: importTargetPolicyFrom(env['QUIRE_IMPORT_ALLOW_HOSTS']),
    limits: {
      ...limits,
      maxPages: Math.max(1, whole('QUIRE_IMPORT_MAX_PAGES', limits.maxPages)),
      maxDepth: whole('QUIRE_IMPORT_MAX_DEPTH', limits.maxDepth),
      concurrency: Math.max(1, whole('QUIRE_IMPORT_CONCURRENCY', limits.concurrency, 4)),
    },
    timeoutMs: Math.max(100, whole('QUIRE_IMPORT_TIMEOUT_MS', defaultImportSettings.timeoutMs)),
  };
}
