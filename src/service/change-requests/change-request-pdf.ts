import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Revision } from '@gitbook/api';
import { packageFile } from '../../disk/index.ts';
import { QuireError } from '../../errors/index.ts';
import { emptyDirectorySource, type RevisionBundle, type SnapshotPage } from '../../model/index.ts';
import { findPage, planSite, printAssetPath, printDocument, printTemplateVersion, assetPaths, type CustomizationInput, type PrintSelection, type SiteProfile } from '../../render/index.ts';
import type { ChangeRequestPdfKey, ChangeRequestPdfRecord, ChangeRequestRecord, SpaceRecord, StoredRevision } from '../../store/index.ts';
import type { Actor } from '../access/actor.ts';
import { changeRequestContent } from '../content/content-location.ts';
import { openContent } from '../spaces/open-content.ts';
import type { PdfPrinter, PrintJob, PrintResource } from './pdf-printer.ts';
import type { PublishedCustomization } from '../sites/published-site-shapes.ts';
import type { ServiceContext } from '../service-context.ts';
import { effectiveSiteCustomization, effectiveSiteSpaceCustomization } from '../sites/site-customization.ts';
import { toPublishedRevision } from '../content/to-published-content.ts';

/** The query of `getChangeRequestPDF`: a page to print (with its descendants), or that page alone (`only`). */
export interface ChangeRequestPdfQuery {
  only?: boolean;
  page?: string;
}

/** A printed PDF, opened for download, with the file name it is offered under. */
export interface ChangeRequestPdfDownload {
  pdf: ChangeRequestPdfRecord;
  bytes: Uint8Array;
  /** `<space title>-<change request number>.pdf`. */
  fileName: string;
}

/**
 * `GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf` (getChangeRequestPDF): the URL of a PDF of the
 * change request's content, printed by Chromium from the site renderer's print document, in the theme of the
 * published site that shows the space (the defaults when none does). All pages in tree order, hidden ones
 * included; with `page`, that page and its descendants; with `only=true` too, that page alone. Printed once per
 * revision of the change request, variant and look (customization, titles, paper): the bytes are a blob and the
 * print a record, so every process serving the database reuses it; a new revision prints anew. The URL is
 * Quire's download route (`openChangeRequestPdf`), which asks for the caller's token like every route.
 *
 * @example
 * const { url } = await getChangeRequestPdf(ctx, actor, spaceId, '3', { page: pageId, only: true });
 */
export async function getChangeRequestPdf(ctx: ServiceContext, actor: Actor, spaceId: string, changeRequestId: string, query: ChangeRequestPdfQuery): Promise<{ url: string }> {
  const { access, changeRequest, revision } = await openContent(ctx, actor, spaceId, changeRequestContent(changeRequestId));
  const cr = changeRequest!;
  const selection = checkSelection(query, revision, cr);
  const printer = printerOf(ctx);
  const profile = await printProfile(ctx, access.space);
  const header = `${access.space.title}: #${cr.number} ${cr.subject}`.trim();
  const key: ChangeRequestPdfKey = {
    changeRequestId: cr.id,
    revisionId: revision.id,
    variant: selection.pageId === undefined ? 'all' : `${selection.only ? 'only' : 'page'}:${selection.pageId}`,
    look: sha256(JSON.stringify({ printTemplateVersion, paper: printer.paper, header, customizations: profile.customizations, site: profile.site.title })),
  };
  const pdf = (await ctx.store.findChangeRequestPdf(key)) ?? (await printOnce(printer, key, () => printAndRecord(ctx, printer, access.space, revision, key, { profile, selection, header })));
  return { url: changeRequestPdfUrl(ctx.baseUrl, spaceId, cr.id, pdf.id) };
}

/**
 * Quire's `GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf/{pdfId}` (docs/api-extensions.md): the
 * bytes of a PDF `getChangeRequestPdf` printed, for a caller who may read the space. `NOT_FOUND` for a print of
 * another change request or space.
 *
 * @example
 * const { bytes, fileName } = await openChangeRequestPdf(ctx, actor, spaceId, changeRequestId, pdfId);
 */
export async function openChangeRequestPdf(ctx: ServiceContext, actor: Actor, spaceId: string, changeRequestId: string, pdfId: string): Promise<ChangeRequestPdfDownload> {
  const { access, changeRequest } = await openContent(ctx, actor, spaceId, changeRequestContent(changeRequestId));
  const pdf = await ctx.store.getChangeRequestPdf(pdfId).catch((error: unknown) => {
    throw error instanceof QuireError && error.code === 'NOT_FOUND' ? pdfNotFound(pdfId, changeRequestId) : error;
  });
  if (pdf.spaceId !== spaceId || pdf.changeRequestId !== changeRequest!.id) throw pdfNotFound(pdfId, changeRequestId);
  return { pdf, bytes: await ctx.store.getBlob(pdf.blob), fileName: `${access.space.title}-${changeRequest!.number}.pdf` };
}

/**
 * The address of a printed PDF.
 *
 * @example
 * changeRequestPdfUrl('http://q.test', 'sp1', 'cr1', 'pdf1') // → 'http://q.test/v1/spaces/sp1/change-requests/cr1/pdf/pdf1'
 */
export function changeRequestPdfUrl(baseUrl: string, spaceId: string, changeRequestId: string, pdfId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/v1/${['spaces', spaceId, 'change-requests', changeRequestId, 'pdf', pdfId].map(encodeURIComponent).join('/')}`;
}

function pdfNotFound(pdfId: string, changeRequestId: string): QuireError {
  return new QuireError('NOT_FOUND', `PDF ${pdfId} does not exist for change request ${changeRequestId}`, { kind: 'change-request-pdf', id: pdfId });
}

function printerOf(ctx: ServiceContext): PdfPrinter {
  if (ctx.pdfPrinter === undefined) throw new QuireError('PDF_PRINTER_UNAVAILABLE', 'this service has no PDF printer (buildApp makes one; library callers pass pdfPrinter in the context)');
  return ctx.pdfPrinter;
}

/** The page to print, checked against the change request's content. */
function checkSelection(query: ChangeRequestPdfQuery, revision: StoredRevision, cr: ChangeRequestRecord): PrintSelection {
  if (query.page === undefined) {
    if (query.only === true) throw new QuireError('INVALID_ARGUMENT', 'only=true prints one page: give the page to print (page)', { field: 'only' });
    return {};
  }
  if (findPage(revision.pages as unknown as Revision['pages'], query.page) === undefined) {
    throw new QuireError('NOT_FOUND', `page ${query.page} does not exist in change request #${cr.number}`, { kind: 'page', id: query.page });
  }
  return { pageId: query.page, only: query.only === true };
}

/** Prints running in this process, by printer and key: a second request for the same print waits for the first. */
const inFlight = new WeakMap<PdfPrinter, Map<string, Promise<ChangeRequestPdfRecord>>>();

function printOnce(printer: PdfPrinter, key: ChangeRequestPdfKey, print: () => Promise<ChangeRequestPdfRecord>): Promise<ChangeRequestPdfRecord> {
  let prints = inFlight.get(printer);
  if (prints === undefined) inFlight.set(printer, (prints = new Map()));
  const id = JSON.stringify(key);
  let running = prints.get(id);
  if (running === undefined) {
    running = print().finally(() => prints.delete(id));
    prints.set(id, running);
  }
  return running;
}

async function printAndRecord(
  ctx: ServiceContext,
  printer: PdfPrinter,
  space: SpaceRecord,
  revision: StoredRevision,
  key: ChangeRequestPdfKey,
  how: { profile: SiteProfile; selection: PrintSelection; header: string },
): Promise<ChangeRequestPdfRecord> {
  const bundle = await printBundle(ctx, space, revision, how.selection);
  const plan = planSite({ profile: how.profile, content: { [space.id]: bundle } }, { assetPath: printAssetPath });
  const document = printDocument(plan, bundle.revision.pages, { title: how.header, stylesheet: await siteStylesheet(), selection: how.selection });
  if (document.pageIds.length === 0) {
    throw new QuireError('INVALID_ARGUMENT', how.selection.pageId === undefined ? 'the change request has no page to print' : `page ${how.selection.pageId} has nothing to print (a link, or a page its condition leaves out)`, {
      field: how.selection.pageId === undefined ? 'changeRequestId' : 'page',
    });
  }
  const bytes = await printer.print(printJob(ctx, revision, document.html, how.header));
  const blob = await ctx.store.putBlob(bytes);
  return ctx.store.recordChangeRequestPdf({ ...key, spaceId: space.id, blob: blob.hash, size: blob.size });
}

/**
 * The print job of a document over a revision: the files it names are read from the blob store when Chromium
 * asks for them, and only those of the revision.
 *
 * @example
 * const png = await printer.screenshot(printJob(ctx, revision, html, 'Handbook: #3'));
 */
export function printJob(ctx: Pick<ServiceContext, 'store'>, revision: StoredRevision, html: string, header: string): PrintJob {
  const files = new Map<string, { blob: string; contentType: string }>();
  for (const file of revision.files) {
    const paths = assetPaths(printAssetPath(file), file);
    for (const path of paths.image === undefined ? [paths.link] : [paths.link, paths.image]) files.set(path, { blob: file.blob, contentType: file.contentType });
  }
  return {
    html,
    header,
    async resource(path): Promise<PrintResource | undefined> {
      const file = files.get(path);
      if (file === undefined) return undefined;
      return { contentType: file.contentType, bytes: await ctx.store.getBlob(file.blob) };
    },
  };
}

/**
 * What the planner needs of the revision: the published page tree, the bodies of the printed pages and of every
 * reusable content (includes), and a stand-in for every file (the bytes are read only when Chromium asks).
 */
async function printBundle(ctx: ServiceContext, space: SpaceRecord, revision: StoredRevision, selection: PrintSelection): Promise<RevisionBundle> {
  const published = toPublishedRevision(revision, { baseUrl: ctx.baseUrl, spaceId: space.id, location: { kind: 'revision', revisionId: revision.id } }) as unknown as Revision;
  const roots = selection.pageId === undefined ? revision.pages : [findStoredPage(revision.pages, selection.pageId)!];
  const ids: string[] = [];
  const walk = (pages: readonly SnapshotPage[], descend: boolean) => {
    for (const page of pages) {
      if ('documentId' in page && typeof page.documentId === 'string') ids.push(page.documentId);
      if (descend && (page.type === 'document' || page.type === 'group')) walk(page.pages, true);
    }
  };
  walk(roots, selection.only !== true);
  for (const reusable of revision.reusableContents) if ('document' in reusable && typeof reusable.document === 'string') ids.push(reusable.document);
  const documents = Object.fromEntries(await ctx.store.getDocuments(ids));
  const stand = new Uint8Array(0);
  return { revision: published, documents, files: Object.fromEntries(revision.files.map((file) => [file.id, stand])), source: revision.source ?? emptyDirectorySource() };
}

function findStoredPage(pages: readonly SnapshotPage[], pageId: string): SnapshotPage | undefined {
  return findPage(pages as unknown as Revision['pages'], pageId) as unknown as SnapshotPage | undefined;
}

/**
 * The profile the print is themed by: the first published site that shows the space, with the customization of
 * its site space; a one-space site with the default customization when no published site shows it.
 */
async function printProfile(ctx: ServiceContext, space: SpaceRecord): Promise<SiteProfile> {
  const siteSpace = { object: 'site-space' as const, id: space.id, path: '', title: space.title, default: true, space: { id: space.id, title: space.title } };
  const structure = { type: 'siteSpaces' as const, structure: [siteSpace] };
  const { items } = await ctx.store.listSites({ organizationId: space.organizationId, published: true, spaceId: space.id }, { limit: 1 });
  const site = items[0];
  if (site === undefined) return { site: { id: space.id, title: space.title }, structure, customizations: { site: {}, siteSpaces: {} } };
  const siteCustomization = await effectiveSiteCustomization(ctx, site.id);
  let customization: PublishedCustomization = siteCustomization;
  for (let page: string | undefined, first = true; first || page !== undefined; first = false) {
    const listed = await ctx.store.listSiteSpaces({ siteId: site.id }, page === undefined ? {} : { page });
    const shown = listed.items.find((candidate) => candidate.spaceId === space.id);
    if (shown !== undefined) {
      const { hasOverrides: _overrides, ...settings } = await effectiveSiteSpaceCustomization(ctx, site.id, shown.id, siteCustomization);
      customization = settings;
      break;
    }
    page = listed.next?.page;
  }
  // When it was last changed is no part of the look.
  const { updatedAt: _updated, ...settings } = customization;
  // Checked when written (customization-settings.ts); the renderer reads it as the published shape it is.
  return { site: { id: site.id, title: site.title }, structure, customizations: { site: settings as CustomizationInput, siteSpaces: {} } };
}

let stylesheet: Promise<string> | undefined;

/** The export's stylesheet (the look of every block), read once. */
function siteStylesheet(): Promise<string> {
  stylesheet ??= readFile(packageFile('src/export/client/quire.css'), 'utf8');
  return stylesheet;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
