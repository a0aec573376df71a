import type { Element, ElementContent } from 'hast';
import { element, text } from '../body/hast-builder.ts';
import { tagAnchor } from './anchors.ts';
import { operationSection, type OperationAt } from './operation.ts';
import { listOperations } from './operations.ts';
import type { OpenAPIRenderContext } from './render-context.ts';
import { linkedSchemaSections, schemasBlock } from './schemas-block.ts';
import { securitySchemesSection } from './security.ts';

/** What a computed `builtin:openapi` page asks for (`props` of `ComputedContentSourceRevisionOpenAPI`). */
export interface ReferencePageProps {
  /** Show every component schema ("Models") after the operations. Default true; when off, the page still ends with
   * the schemas its operations link to ("Referenced schemas"), so each link has its target. */
  models?: boolean;
}

/** Title of the group of operations with no tag. */
export const untaggedTitle = 'Other operations';

/** Title of the schemas operations link to, at the end of a page without Models. */
export const referencedTitle = 'Referenced schemas';

/**
 * A whole specification as one page: its description, servers, authentication, then operations grouped by tag
 * (each tag an `h2` in the document's `tags` order, then tags only operations name; an operation with several
 * tags is shown under the first), webhooks, and the component schemas when `models` is on (else those linked to).
 * Each component's tree is drawn once, there; operations link to it (src/render/openapi/schema-tree.ts). Pure.
 *
 * @example
 * referencePage(context, { models: true }) // → [<div class="openapi-reference">…</div>]
 */
export function referencePage(context: OpenAPIRenderContext, props: ReferencePageProps = {}): Element {
  const { document } = context;
  const operations = listOperations(document);
  const byTag = new Map<string, OperationAt[]>();
  for (const tag of document.tags ?? []) byTag.set(tag.name, []);
  const untagged: OperationAt[] = [];
  for (const at of operations) {
    const tag = at.operation.tags?.[0];
    if (tag === undefined) untagged.push(at);
    else byTag.set(tag, [...(byTag.get(tag) ?? []), at]);
  }
  const tagInfo = new Map((document.tags ?? []).map((tag) => [tag.name, tag]));
  const children: ElementContent[] = [];
  const info = document.info;
  if (info) {
    children.push(
      element('div', { className: ['openapi-info'] }, [
        element('p', { className: ['openapi-info-title'] }, [element('strong', {}, [text(info.title ?? 'API')]), ...(info.version ? [text(' '), element('span', { className: ['openapi-version'] }, [text(info.version)])] : [])]),
        ...(info.description ? context.markdown(info.description) : []),
      ]),
    );
  }
  const servers = document.servers ?? [];
  if (servers.length > 0) {
    children.push(element('div', { className: ['openapi-servers'] }, [element('p', { className: ['schema-label'] }, [text('Servers')]), element('ul', {}, servers.map((server) => element('li', {}, [element('code', {}, [text(server.url)]), ...(server.description ? [text(` ${server.description}`)] : [])])))]));
  }
  children.push(...securitySchemesSection(context, 2));
  for (const [tag, list] of byTag) {
    if (list.length === 0) continue;
    const about = tagInfo.get(tag)?.description;
    children.push(
      element('section', { className: ['openapi-tag'], dataTag: tag }, [
        context.heading(2, tag, tagAnchor(tag), [text(tag)]),
        ...(about ? context.markdown(about) : []),
        ...list.map((at) => operationSection(context, at, 3)),
      ]),
    );
  }
  if (untagged.length > 0) {
    children.push(element('section', { className: ['openapi-tag'], dataTag: '' }, [context.heading(2, untaggedTitle, tagAnchor('other-operations'), [text(untaggedTitle)]), ...untagged.map((at) => operationSection(context, at, 3))]));
  }
  const webhooks = listOperations(document, true);
  if (webhooks.length > 0) {
    children.push(element('section', { className: ['openapi-webhooks'] }, [context.heading(2, 'Webhooks', 'webhooks', [text('Webhooks')]), ...webhooks.map((at) => operationSection(context, at, 3))]));
  }
  if (props.models !== false && Object.keys(document.components?.schemas ?? {}).length > 0) {
    children.push(element('section', { className: ['openapi-models'] }, [context.heading(2, 'Models', 'models', [text('Models')]), ...schemasBlock(context, undefined, false, 3)]));
  }
  const linked = linkedSchemaSections(context, 3);
  if (linked.length > 0) {
    children.push(element('section', { className: ['openapi-models'], dataLinked: 'true' }, [context.heading(2, referencedTitle, 'referenced-schemas', [text(referencedTitle)]), ...linked]));
  }
  return element('div', { className: ['openapi-reference'] }, children);
}
