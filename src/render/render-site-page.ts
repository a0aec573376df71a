import type { Element, Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { expressionScope } from './adaptive/index.ts';
import { headingElement } from './blocks/heading.ts';
import { finishTree } from './body/finish-tree.ts';
import { bodySchema } from './body/sanitize-schema.ts';
import { documentDescriptions } from './openapi/description-markdown.ts';
import { referencePage } from './openapi/reference-page.ts';
import { createSchemaLinks } from './openapi/schema-links.ts';
import { specReference } from './openapi/spec-references.ts';
import { unavailable } from './openapi/unavailable.ts';
import { createBodyContext, type BodyContext, type BrokenLink } from './body/body-context.ts';
import { bodyHtml } from './body/body-html.ts';
import { hastText } from './body/node-text.ts';
import { renderBodyHtml } from './body/render-body.ts';
import { pageHtml, type ChromeCache } from './chrome/page-template.ts';
import { emptyIconLibrary, type IconLibrary } from './icons/icon-library.ts';
import { createIconRenderer, type IconRenderer } from './icons/icon-renderer.ts';
import { pageMarkdown, type PagePlan, type SitePlan } from './route-data.ts';
import { rootPrefix } from './route-path.ts';

/** What the search index holds of a page: its full text, and what a result shows. */
export interface SearchDocument {
  /** The page's index in the plan. */
  id: number;
  title: string;
  /** Its headings, searched with more weight than the text. */
  headings: string;
  text: string;
  /** Root-relative href. */
  href: string;
  /** Section and variant titles, to group results. */
  section?: string;
  variant?: string;
}

/** One rendered page, ready to write. */
export interface RenderedPage {
  index: number;
  /** The page's folder; the file is `<folder>index.html`. */
  folder: string;
  html: string;
  /** Root-relative hrefs of the files the page links to or shows. */
  usedFiles: string[];
  broken: BrokenLink[];
  /** Icons the page names that the library lacks (drawn as the neutral fallback), as written. */
  missingIcons: string[];
  /** Expressions of the body that could not be evaluated, each line naming the page. */
  warnings: string[];
  /** Absent for pages left out of search (`noIndex`, hidden). */
  search?: SearchDocument;
}

/**
 * Renders page `index` of a site plan to a complete HTML document. Pure: everything comes from the plan, so it
 * runs the same in a worker thread. `cache` keeps the chrome between pages of one render; `icons` draws the
 * icons (each thread passes its own).
 *
 * @example
 * const plan = planSite(site);
 * const cache: ChromeCache = new Map();
 * const pages = plan.pages.map((_, index) => renderSitePage(plan, index, cache, library));
 */
export function renderSitePage(plan: SitePlan, index: number, cache: ChromeCache = new Map(), icons: IconLibrary = emptyIconLibrary): RenderedPage {
  const page = plan.pages[index];
  if (page === undefined) throw new RangeError(`no page ${index} in the plan (${plan.pages.length} pages)`);
  return renderPlannedPage(plan, page, pageMarkdown(plan, page), cache, icons);
}

/**
 * Renders one page from its route data and its Markdown, given apart from the plan: what a render worker thread
 * does, which holds the plan without its pages and page bodies (src/export/render-threads.ts, `workerPlan`) and receives each page
 * with its body. `plan` must hold the page's space (link tables, includes, chrome); `plan.pages` is not read.
 *
 * @example
 * const page = plan.pages[3];
 * const rendered = renderPlannedPage(plan, page, pageMarkdown(plan, page), new Map(), library);
 */
export function renderPlannedPage(plan: SitePlan, page: PagePlan, markdown: string, cache: ChromeCache = new Map(), icons: IconLibrary = emptyIconLibrary): RenderedPage {
  const { index } = page;
  const space = plan.spaces[page.space]!;
  const prefix = rootPrefix(page.folder);
  const { body, text, context, iconRenderer } = renderPageBody(plan, page, prefix, icons, markdown);
  const html = pageHtml({ plan, space, page, prefix, title: page.title, bodyHtml: body, outline: context.outline, icons: iconRenderer }, cache);
  const indexed = !page.noIndex && !page.hidden;
  return {
    index,
    folder: page.folder,
    html,
    usedFiles: [...context.usedFiles],
    broken: context.broken,
    missingIcons: iconRenderer.missing,
    warnings: context.warnings.map((warning) => `page "${page.title}" (${page.href}): ${warning}`),
    ...(indexed
      ? {
          search: {
            id: index,
            title: page.title,
            headings: context.outline.map((entry) => entry.text).join(' '),
            text: page.description ? `${page.description} ${text}` : text,
            href: page.href,
            ...(space.sectionTitle ? { section: space.sectionTitle } : {}),
            ...(page.variants.length > 1 ? { variant: space.title } : {}),
          },
        }
      : {}),
  };
}

/** A page's body rendered: its HTML and text, the context that collected its links and outline, and its icons. */
export interface PageBody {
  body: string;
  text: string;
  context: BodyContext;
  iconRenderer: IconRenderer;
}

/**
 * Renders the body of one page of a plan (not its chrome): the page's Markdown through `renderBodyHtml` with its space's
 * links, variables and the plan's claims, links relative to `prefix`; a computed `builtin:openapi` page is its
 * specification's reference (src/render/openapi/reference-page.ts), or a note saying why it cannot be shown. What
 * `renderSitePage` and the print document (src/render/print) both show.
 *
 * @example
 * const { body, context } = renderPageBody(plan, plan.pages[0], '', emptyIconLibrary);
 */
export function renderPageBody(plan: SitePlan, page: PagePlan, prefix: string, icons: IconLibrary = emptyIconLibrary, markdown: string = pageMarkdown(plan, page)): PageBody {
  const space = plan.spaces[page.space]!;
  const iconRenderer = createIconRenderer(icons, space.customization.icons);
  const scope = expressionScope({ claims: plan.claims, spaceVariables: space.variables, pageVariables: page.variables ?? {} });
  const openapi = { documents: plan.openapi ?? {}, siteSpaceId: space.siteSpaceId };
  const integrationBlocks = { rendered: plan.integrationBlocks ?? {}, spaceId: space.spaceId };
  const context = createBodyContext(space, page.source ?? '', space.customization.externalLinksTarget, { icons: iconRenderer, scope, openapi, integrationBlocks });
  if (page.kind === 'computed') {
    const tree = computedPageTree(page, context);
    return { body: bodyHtml(tree), text: hastText(tree), context, iconRenderer };
  }
  const { html, text } = renderBodyHtml(markdown, context, prefix);
  return { body: html, text, context, iconRenderer };
}

/**
 * The bundle's `404.html`, in the chrome of the site's first site space. Static servers serve it for any missing
 * path, so its links are relative to the root of the bundle.
 *
 * @example
 * await writeFile('out/404.html', notFoundHtml(plan));
 */
export function notFoundHtml(plan: SitePlan): string {
  const space = plan.spaces[0];
  if (space === undefined) return '<!doctype html><title>Not found</title><h1>Page not found</h1>\n';
  const body = `<div class="not-found"><p class="not-found-code">404</p><h1 class="page-title">Page not found</h1><p>The page you are looking for does not exist in this copy of the site.</p><p><a class="button button-primary" href="index.html">Go to the home page</a></p></div>\n`;
  return pageHtml({ plan, space, page: undefined, prefix: '', title: 'Page not found', bodyHtml: body, outline: [] }, new Map());
}

/** The body of a computed page: the whole specification grouped by tag, sanitized like any page body. */
function computedPageTree(page: PagePlan, context: BodyContext): Root {
  const spec = page.computed?.spec;
  let content: Element;
  if (page.computed?.type !== 'builtin:openapi') content = unavailable(`of page "${page.title}"`, `its computed type ${page.computed?.type ?? '(none)'} is not one the export renders`);
  else if (spec === undefined) content = unavailable(`of page "${page.title}"`, 'the page names no specification');
  else {
    const loaded = context.openapi?.documents[specReference(spec).key] ?? { error: 'it was not loaded for this render' };
    content =
      'error' in loaded
        ? unavailable(spec, loaded.error)
        : referencePage({ document: loaded.document, heading: (depth, label, id, children, method) => headingElement(context, depth, label, id, children, method), markdown: documentDescriptions(loaded.document), schemaLinks: createSchemaLinks() }, page.computed.models === undefined ? {} : { models: page.computed.models });
  }
  const tree = sanitize({ type: 'root', children: [content] }, bodySchema) as Root;
  finishTree(tree, context.externalTarget, context.icons);
  return tree;
}
