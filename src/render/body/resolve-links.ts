import type { Element, Root, RootContent } from 'hast';
import { decodeTargetPath, resolveLinkTarget, splitTarget } from '../../format/directory-path.ts';
import { isActiveFile } from '../inert-asset.ts';
import type { LinkTarget } from '../route-data.ts';
import { hasScheme, isExternalUrl, isSafeImageUrl } from '../safe-url.ts';
import type { BodyContext } from './body-context.ts';

/**
 * What a link written in the file `base` (a path in the space's directory layout) points at: a page or a file of
 * the export, or nothing. A folder link (`guides/`) means the folder's README.md, as in the format.
 *
 * @example
 * findTarget(space, 'guides/README.md', 'writing.md#style') // → { kind: 'page', href: 'guides/writing/index.html', ... }
 */
export function findTarget(space: BodyContext['space'], base: string, target: string): LinkTarget | undefined {
  const { path } = splitTarget(target.trim());
  if (path === '') return undefined;
  const resolved = resolveLinkTarget(base, decodeTargetPath(path), space.root, (candidate) => Object.hasOwn(space.links, candidate));
  return resolved.ok ? space.links[resolved.path] : undefined;
}

/**
 * Rewrites every `href` and `src` of a rendered body for the bundle: relative links to pages become relative URLs
 * of their `index.html`, links to files point at the copied asset (and mark it used), links to nothing are
 * counted as broken and lose their `href`, and URLs with a scheme that is not safe are removed. Runs before the
 * sanitizer, which then only sees URLs this pass produced or accepted.
 */
export function resolveLinks(tree: Root, context: BodyContext, prefix: string): void {
  resolveLinksIn(tree.children, context.source, context, prefix);
}

/** `resolveLinks` over `nodes`, written in the file `base`. */
export function resolveLinksIn(nodes: RootContent[], base: string, context: BodyContext, prefix: string): void {
  for (const node of nodes) {
    if (node.type === 'element') resolveLinksIn(node.children, resolveElement(node, base, context, prefix), context, prefix);
  }
}

/**
 * `resolveLinks` of one element, written in the file `base`, without its children: returns the base of its children
 * (a reusable content's path, where an include put one).
 */
export function resolveElement(node: Element, base: string, context: BodyContext, prefix: string): string {
  let inner = base;
  const declared = node.properties.dataQuireBase;
  if (declared !== undefined) {
    // Only a reusable content of this space can be a base: anything else in content is ignored.
    if (typeof declared === 'string' && Object.hasOwn(context.space.includes, declared)) inner = declared;
    delete node.properties.dataQuireBase;
  }
  if (node.tagName === 'a' && typeof node.properties.href === 'string') resolveHref(node, node.properties.href, inner, context, prefix);
  else if (node.tagName === 'img' && typeof node.properties.src === 'string') resolveSrc(node, node.properties.src, inner, context, prefix);
  else if (node.properties.src !== undefined && !(typeof node.properties.src === 'string' && isExternalUrl(node.properties.src))) delete node.properties.src;
  return inner;
}

function resolveHref(node: Element, href: string, base: string, context: BodyContext, prefix: string): void {
  const value = href.trim();
  if (value === '' || value.startsWith('#')) return;
  if (hasScheme(value)) {
    if (!isExternalUrl(value)) delete node.properties.href;
    return;
  }
  const target = value.startsWith('/') ? undefined : findTarget(context.space, base, value);
  if (target === undefined) {
    if (!value.startsWith('/') && isExcluded(context.space, base, value)) showAsText(node);
    else markBroken(node, 'href', value, base, context);
    return;
  }
  if (target.kind === 'file') context.usedFiles.add(target.href);
  node.properties.href = prefix + target.href + splitTarget(value).suffix;
  // An active file's link leads to its inert copy (src/render/inert-asset.ts): download it under its own name.
  if (target.kind === 'file' && isActiveFile(target.title, target.contentType)) node.properties.download = target.title;
}

function resolveSrc(node: Element, src: string, base: string, context: BodyContext, prefix: string): void {
  const value = src.trim();
  if (hasScheme(value)) {
    if (!isSafeImageUrl(value)) delete node.properties.src;
    return;
  }
  const target = value.startsWith('/') ? undefined : findTarget(context.space, base, value);
  if (target?.kind !== 'file') {
    markBroken(node, 'src', value, base, context);
    return;
  }
  // An SVG is shown from its image copy; any other active file only has its inert copy, which shows nothing.
  const href = target.imageHref ?? target.href;
  context.usedFiles.add(href);
  node.properties.src = prefix + href;
}

/** Whether a link leads to a page the export leaves out by its condition (src/render/adaptive/page-conditions.ts). */
function isExcluded(space: BodyContext['space'], base: string, target: string): boolean {
  const excluded = space.excluded;
  if (excluded === undefined) return false;
  const { path } = splitTarget(target.trim());
  if (path === '') return false;
  const resolved = resolveLinkTarget(base, decodeTargetPath(path), space.root, (candidate) => Object.hasOwn(excluded, candidate));
  return resolved.ok && Object.hasOwn(excluded, resolved.path);
}

/** A link to a page left out: its text, as a reader without access would see no link. */
function showAsText(node: Element): void {
  node.tagName = 'span';
  node.properties = {};
}

function markBroken(node: Element, property: 'href' | 'src', target: string, base: string, context: BodyContext): void {
  delete node.properties[property];
  const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
  node.properties.className = [...classes, property === 'href' ? 'broken-link' : 'broken-image'];
  node.properties.title = `Not in this export: ${target}`;
  context.broken.push({ target, source: base });
}
