import type { Node } from 'mdast';
import { expressionScope, type ExpressionScope } from '../adaptive/index.ts';
import { emptyIconLibrary } from '../icons/icon-library.ts';
import { createIconRenderer, type IconRenderer } from '../icons/icon-renderer.ts';
import type { RenderedIntegrationBlock } from '../integrations/integration-block-reference.ts';
import type { LoadedOpenAPI } from '../openapi/document.ts';
import type { OpenAPIRenderContext } from '../openapi/render-context.ts';
import type { LinkTarget, SpacePlan } from '../route-data.ts';

/** A heading of the page's outline ("on this page"). */
export interface OutlineEntry {
  depth: 2 | 3 | 4;
  id: string;
  text: string;
  /** The HTTP method of an API operation's heading, shown as a badge before the text. */
  method?: string;
}

/** A link in a page body that leads nowhere in the export. */
export interface BrokenLink {
  /** The target as written. */
  target: string;
  /** The file it was written in (the page, or the reusable content it includes). */
  source: string;
}

/**
 * What rendering one page body needs and what it collects. The handlers of each block read the space's link
 * tables through it; the link pass fills `usedFiles` and `broken`.
 */
export interface BodyContext {
  space: Pick<SpacePlan, 'links' | 'includes' | 'root' | 'pages' | 'files'> & Partial<Pick<SpacePlan, 'excluded'>>;
  /** The page's file in the layout: relative links are relative to it. `''` when the page has none. */
  source: string;
  externalTarget: 'self' | 'blank';
  outline: OutlineEntry[];
  /** Ids given to headings so far, to keep them unique. */
  ids: Set<string>;
  /** Root-relative hrefs of the files the body uses, to copy. */
  usedFiles: Set<string>;
  broken: BrokenLink[];
  /** mdast nodes that came from a reusable content, with the path their links are relative to. */
  bases: WeakMap<Node, string>;
  /** Reusable contents being included, outermost first: a cycle stops here. */
  including: string[];
  /** Draws the body's icons; what it could not draw is in its `missing`. */
  icons: IconRenderer;
  /** What `{% if %}` blocks and inline expressions read: the export's claims, the space's and the page's variables. */
  scope: ExpressionScope;
  /** Expressions of the body that could not be evaluated (their content is hidden), one line each. */
  warnings: string[];
  /** The OpenAPI documents of the plan and the page's site space, for the OpenAPI blocks (src/render/blocks/openapi.ts). */
  openapi?: OpenAPIScope;
  /** What the page's OpenAPI blocks render with, by specification key: one per document, so the schemas they link to
   * are shown once, at the end of the page (src/render/blocks/openapi.ts). Made by the first block. */
  openapiContexts?: Map<string, OpenAPIRenderContext>;
  /** The integration blocks of the plan rendered by their integrations, for `{% @integration/block %}` (src/render/blocks/integration-block.ts). */
  integrationBlocks?: IntegrationBlockScope;
}

/** What integration blocks read: the plan's rendered blocks by key, and the space the page is in (part of the key). */
export interface IntegrationBlockScope {
  rendered: Readonly<Record<string, RenderedIntegrationBlock>>;
  spaceId: string;
}

/** What OpenAPI blocks read: the plan's documents by reference key, and the site space relative `src`s are in. */
export interface OpenAPIScope {
  documents: Readonly<Record<string, LoadedOpenAPI>>;
  siteSpaceId: string;
}

/** What a page body is rendered with beyond its space and file; each has a default. */
export interface BodyContextOptions {
  /** Without it, every icon is drawn as the neutral fallback. */
  icons?: IconRenderer;
  /** Claims and variables (src/render/adaptive); without it, no claims and no variables. */
  scope?: ExpressionScope;
  /** The OpenAPI documents blocks render from; without it, OpenAPI blocks say their specification was not loaded. */
  openapi?: OpenAPIScope;
  /** The rendered integration blocks; without it, integration blocks show their placeholder and that they were not rendered. */
  integrationBlocks?: IntegrationBlockScope;
}

/** No claims and no variables: what a body sees when nothing is given. */
const emptyScope = expressionScope({ claims: {}, spaceVariables: {}, pageVariables: {} });

/** A fresh context for one page. */
export function createBodyContext(space: BodyContext['space'], source: string, externalTarget: 'self' | 'blank', options: BodyContextOptions = {}): BodyContext {
  const icons = options.icons ?? createIconRenderer(emptyIconLibrary, undefined);
  const scope = options.scope ?? emptyScope;
  return { space, source, externalTarget, outline: [], ids: new Set(), usedFiles: new Set(), broken: [], bases: new WeakMap(), including: [], icons, scope, warnings: [], ...(options.openapi ? { openapi: options.openapi } : {}), ...(options.integrationBlocks ? { integrationBlocks: options.integrationBlocks } : {}) };
}

/** The file a node's relative links are written in. */
export function baseOf(context: BodyContext, node: Node): string {
  return context.bases.get(node) ?? context.source;
}

/** What a relative link written in `base` points at, if anything. */
export type TargetLookup = (base: string, target: string) => LinkTarget | undefined;
