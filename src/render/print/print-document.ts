// One HTML document to print a space's content as a PDF (the change-request PDF, getChangeRequestPDF): every
// page of the selection in tree order, each a section (title, description, body) starting on a new sheet, in the
// site's theme, without the site's chrome (header, sidebar, search, outline, previous/next). Pure: the caller
// gives the site stylesheet and serves the files the document names (`usedFiles`).
import type { RevisionFile, RevisionPage } from '@gitbook/api';
import { escapeHtml } from '../chrome/html-escape.ts';
import { themeCss } from '../chrome/theme-css.ts';
import { emptyIconLibrary, type IconLibrary } from '../icons/icon-library.ts';
import { safeFileName } from '../plan-site.ts';
import { renderPageBody } from '../render-site-page.ts';
import type { PagePlan, SitePlan } from '../route-data.ts';
import { safeSegments } from '../route-path.ts';

/** What to print: the whole content, one page with its descendants, or one page alone (`only`). */
export interface PrintSelection {
  pageId?: string;
  only?: boolean;
}

export interface PrintOptions {
  /** The `<title>` of the document (the PDF's title). */
  title: string;
  /** The site stylesheet (the export's `quire.css`); the theme of the plan and the print rules follow it. */
  stylesheet: string;
  selection?: PrintSelection;
  /** Draws the icons pages name; default: the neutral fallback. */
  icons?: IconLibrary;
}

export interface PrintDocument {
  html: string;
  /** The pages printed, in order (groups are headings, not pages). */
  pageIds: string[];
  /** Root-relative hrefs of the files the printed bodies use (images), as `printAssetPath` names them. */
  usedFiles: string[];
  /** What could not be shown as written (expressions that did not evaluate), one line each. */
  warnings: string[];
}

/** Changed whenever the print document changes in a way that should make new PDFs of unchanged content. */
export const printTemplateVersion = 1;

/**
 * Where the print document finds a file of the revision, relative to its root: `files/<file id>/<name>`. Give
 * it to `planSite` as `assetPath`; the printer's resource handler reads the file id back from the path.
 *
 * @example
 * printAssetPath({ id: 'f1', name: 'logo.png' }) // → 'files/f1/logo.png'
 */
export function printAssetPath(file: Pick<RevisionFile, 'id' | 'name'>): string {
  return `files/${safeSegments(file.id).join('-') || 'file'}/${safeFileName(file.name)}`;
}

/**
 * The print document of a one-space plan (`planSite` with `assetPath: printAssetPath`) over `tree`, the
 * revision's page tree: the selected pages in tree order, hidden pages included (they are content, only left out
 * of navigation), link pages left out, groups as headings before their first page, pages a condition leaves out
 * of the plan left out. Links to printed pages become links inside the PDF; links to other pages of the space are
 * plain text.
 *
 * @example
 * const plan = planSite({ profile, content: { [spaceId]: bundle } }, { assetPath: printAssetPath });
 * const { html, usedFiles } = printDocument(plan, bundle.revision.pages, { title: 'Handbook #3', stylesheet });
 */
export function printDocument(plan: SitePlan, tree: readonly RevisionPage[], options: PrintOptions): PrintDocument {
  const space = plan.spaces[0];
  const byId = new Map<string, PagePlan>(plan.pages.map((page) => [page.pageId, page]));
  const selected = selectPages(tree, byId, options.selection ?? {});
  const printed = new Map<string, string>();
  for (const item of selected) if (item.kind === 'page') printed.set(item.page.href, item.page.pageId);

  const usedFiles = new Set<string>();
  const warnings: string[] = [];
  const sections: string[] = [];
  for (const item of selected) {
    if (item.kind === 'group') {
      sections.push(`<section class="print-group"><p class="print-group-title">${escapeHtml(item.title)}</p></section>\n`);
      continue;
    }
    const { page } = item;
    const { body, context } = renderPageBody(plan, page, '', options.icons ?? emptyIconLibrary);
    for (const href of context.usedFiles) usedFiles.add(href);
    warnings.push(...context.warnings.map((warning) => `page "${page.title}": ${warning}`));
    const emoji = page.emoji ? `<span class="page-emoji" aria-hidden="true">${escapeHtml(page.emoji)}</span>` : '';
    sections.push(
      `<section class="print-page" id="page-${escapeHtml(page.pageId)}">\n<header class="page-header"><h1 class="page-title">${emoji}${escapeHtml(page.title)}</h1>`,
      page.description ? `<p class="page-description">${escapeHtml(page.description)}</p>` : '',
      `</header>\n<div class="markdown">\n${relinkForPrint(body, printed)}</div>\n</section>\n`,
    );
  }

  const c = space?.customization;
  const attributes = space === undefined ? 'lang="en"' : `lang="en" data-ss="${space.key}" data-theme="light" data-corners="${c!.corners}" data-depth="${c!.depth}" data-links="${c!.links}" data-style="${c!.theme}"`;
  const html = [
    `<!doctype html>\n<html ${attributes}>\n<head>\n<meta charset="utf-8">\n`,
    // Nothing but the document's own files: no script, no frame, no request elsewhere.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self' data:">\n`,
    `<title>${escapeHtml(options.title)}</title>\n`,
    `<style>\n${options.stylesheet}\n${themeCss(plan)}\n${printCss}</style>\n`,
    '</head>\n<body class="print">\n<main class="print-root">\n',
    ...sections,
    '</main>\n</body>\n</html>\n',
  ].join('');
  return { html, pageIds: selected.flatMap((item) => (item.kind === 'page' ? [item.page.pageId] : [])), usedFiles: [...usedFiles], warnings };
}

type Selected = { kind: 'page'; page: PagePlan } | { kind: 'group'; title: string };

/** The pages (and group headings) to print, in tree order. */
function selectPages(tree: readonly RevisionPage[], byId: ReadonlyMap<string, PagePlan>, selection: PrintSelection): Selected[] {
  const out: Selected[] = [];
  const walk = (list: readonly RevisionPage[], descend: boolean) => {
    for (const page of list) {
      if (page.type === 'link') continue;
      if (page.type === 'group') {
        const before = out.length;
        out.push({ kind: 'group', title: page.title });
        if (descend) walk(page.pages, true);
        // A group with nothing printed under it is no heading.
        if (out.length === before + 1) out.pop();
        continue;
      }
      const plan = byId.get(page.id);
      if (plan === undefined) continue; // left out by its condition, with everything under it
      out.push({ kind: 'page', page: plan });
      if (descend && page.type === 'document') walk(page.pages, true);
    }
  };
  if (selection.pageId === undefined) {
    walk(tree, true);
    return out;
  }
  const found = findPage(tree, selection.pageId);
  if (found !== undefined) walk([found], selection.only !== true);
  return out;
}

/**
 * A page of the tree by id, at any depth.
 *
 * @example
 * findPage(revision.pages, 'p2')?.title // → 'Install'
 */
export function findPage(tree: readonly RevisionPage[], pageId: string): RevisionPage | undefined {
  for (const page of tree) {
    if (page.id === pageId) return page;
    if (page.type === 'document' || page.type === 'group') {
      const found = findPage(page.pages, pageId);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Links of a body, rendered for a bundle, made to work in one document: a page printed here becomes an anchor
 * to its section, any other relative link (a page not printed, an attachment) loses its href, since nothing
 * would answer it from a PDF. Absolute URLs and anchors stay.
 */
function relinkForPrint(html: string, printed: ReadonlyMap<string, string>): string {
  // Expandable blocks print open: paper cannot be clicked.
  const opened = html.replace(/<details(?![^>]*\sopen[\s>=])/g, '<details open');
  return opened.replace(/ href="([^"]*)"/g, (whole, href: string) => {
    if (href.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(href)) return whole;
    const target = printed.get(href.split('#')[0]!);
    return target === undefined ? '' : ` href="#page-${escapeHtml(target)}"`;
  });
}

// The site's own print rules hide the chrome; these lay pages out on sheets. Margins come from the printer (the
// header and footer with page numbers live in them).
const printCss = `
html, body.print { background: #fff !important; }
body.print { margin: 0; }
.print-root { max-width: none; margin: 0; padding: 0; }
.print-page, .print-group { break-before: page; }
.print-root > :first-child { break-before: auto; }
.print-group + .print-page { break-before: avoid; }
.print-group-title { font-size: 14px; font-weight: 600; text-transform: uppercase; letter-spacing: 0.06em; color: var(--fg-subtle); margin: 0 0 8px; }
.print-page .page-header { margin: 0 0 20px; }
.print-page .page-title { font-size: 28px; line-height: 1.25; margin: 0 0 8px; }
.print-page .page-description { font-size: 16px; color: var(--fg-muted); margin: 0; }
.print .markdown img { max-width: 100%; break-inside: avoid; }
.print .markdown pre, .print .code-block pre { white-space: pre-wrap; overflow-wrap: anywhere; overflow: visible; }
.print .markdown table { break-inside: auto; }
.print .markdown tr, .print .hint, .print figure { break-inside: avoid; }
.print .markdown h2, .print .markdown h3, .print .markdown h4 { break-after: avoid; }
`;
