import type { DirectoryLayout } from '../format/directory-layout.ts';
import { decodeTargetPath, isExternalTarget, relativePath, resolveLinkTarget, splitTarget } from '../format/directory-path.ts';
import { encodeTargetPath } from '../format/reference-resolver.ts';
import { rewriteReferences, scanReferences, type Reference } from '../format/references.ts';

/** What links in submitted Markdown may point at, in the final page tree of a batch. */
export interface LinkTargets {
  /** Where every page and file lives in the Git layout of the final tree. */
  layout: DirectoryLayout;
  /** The space's folder in the layout (`source.root`). */
  root: string;
  /** The first page's file (`README.md` under the root, unless Git placed it elsewhere). */
  readmePath: string;
  /** The page whose URL path (`guides/install`) is `path`, for `/pages/<slug path>`. */
  pageByPath(path: string): string | undefined;
  /** Batch-local refs: `./<ref>.md` names a page, `./<ref>` a file. */
  pageRefs: ReadonlyMap<string, string>;
  fileRefs: ReadonlyMap<string, string>;
}

/** What a resolved target is: a page or a file, and the path of its file in the layout. */
export interface ResolvedLink {
  kind: 'page' | 'file';
  id: string;
  path: string;
}

/**
 * Rewrites the links of a body submitted in a batch into relative paths of the Git layout, so that stored bodies
 * can be written out as a directory at any time. `pageFile` is where the page's own file lives. Each form of the
 * published description (updateChangeRequestContent) is understood: `/pages/<pageId>` (with `#anchor`),
 * `/pages/<slug path>`, `/pages/<path>.md` and `/pages/<folder>/README.md`, relative `.md` and folder links,
 * batch refs (`./<ref>.md`, `./<ref>`), `/files/<fileId>`. URLs and links that match nothing stay as written;
 * a relative link that already points at the right file stays as written too.
 *
 * @example
 * resolveSubmittedLinks('[Install](/pages/abc#setup)', 'guides/README.md', targets)
 * // → '[Install](install.md#setup)' when page abc lives at guides/install.md
 */
export function resolveSubmittedLinks(body: string, pageFile: string, targets: LinkTargets): string {
  const replacements = new Map<Reference, string>();
  for (const reference of scanReferences(body)) {
    const rewritten = rewriteTarget(reference.target, pageFile, targets);
    if (rewritten !== undefined && rewritten !== reference.target) replacements.set(reference, rewritten);
  }
  return replacements.size === 0 ? body : rewriteReferences(body, replacements);
}

/** The target to write for `target` in `pageFile`, or undefined to leave it as written. */
function rewriteTarget(target: string, pageFile: string, targets: LinkTargets): string | undefined {
  if (isExternalTarget(target)) return undefined;
  const { path, suffix } = splitTarget(target);
  if (path === '') return undefined;
  const resolved = resolveSubmittedTarget(path, pageFile, targets);
  if (resolved === undefined || resolved.relativeAsWritten) return undefined;
  return encodeTargetPath(relativePath(pageFile, resolved.path)) + suffix;
}

/**
 * What a link target (without `#anchor`) written in `pageFile` names, if anything. `relativeAsWritten` is true
 * when the target was already a relative path to that file.
 *
 * @example
 * resolveSubmittedTarget('/files/f1', 'README.md', targets) // → { kind: 'file', id: 'f1', path: '.gitbook/assets/a.png', ... }
 */
export function resolveSubmittedTarget(
  written: string,
  pageFile: string,
  targets: LinkTargets,
): (ResolvedLink & { relativeAsWritten: boolean }) | undefined {
  const path = decodeTargetPath(written);
  const { layout } = targets;
  const page = (id: string | undefined) => {
    const file = id === undefined ? undefined : layout.pages.get(id);
    return file === undefined ? undefined : { kind: 'page' as const, id: id!, path: file, relativeAsWritten: false };
  };
  const atPath = (file: string) => {
    const found = layout.byPath.get(file);
    return found === undefined || found.kind === 'reusable-content' ? undefined : { kind: found.kind, id: found.id, path: file, relativeAsWritten: false };
  };

  if (path.startsWith('/pages/')) {
    const rest = path.slice('/pages/'.length).replace(/\/+$/, '');
    if (rest === '') return undefined;
    return (
      page(layout.pages.has(rest) ? rest : undefined) ??
      page(targets.pageByPath(rest)) ??
      (/\.md$/i.test(rest) ? markdownPathTarget(rest, targets, page, atPath) : undefined)
    );
  }
  if (path.startsWith('/files/')) {
    const id = path.slice('/files/'.length).replace(/\/+$/, '');
    const file = layout.files.get(id);
    return file === undefined ? undefined : { kind: 'file', id, path: file, relativeAsWritten: false };
  }
  if (path.startsWith('/')) return undefined;

  const local = path.replace(/^(?:\.\/)+/, '');
  const pageRef = /\.md$/i.test(local) ? targets.pageRefs.get(local.slice(0, -3)) : undefined;
  if (pageRef !== undefined) return page(pageRef);
  const fileRef = targets.fileRefs.get(local);
  if (fileRef !== undefined) {
    const file = layout.files.get(fileRef);
    if (file !== undefined) return { kind: 'file', id: fileRef, path: file, relativeAsWritten: false };
  }

  const relative = resolveLinkTarget(pageFile, path, targets.root, (candidate) => layout.byPath.has(candidate));
  if (!relative.ok) return undefined;
  const found = atPath(relative.path);
  return found === undefined ? undefined : { ...found, relativeAsWritten: true };
}

/** `/pages/<path>.md`: the page's file in the Git layout, or its slug path with `.md` or `/README.md`. */
function markdownPathTarget(
  rest: string,
  targets: LinkTargets,
  page: (id: string | undefined) => (ResolvedLink & { relativeAsWritten: boolean }) | undefined,
  atPath: (file: string) => (ResolvedLink & { relativeAsWritten: boolean }) | undefined,
): (ResolvedLink & { relativeAsWritten: boolean }) | undefined {
  const inLayout = atPath(targets.root + rest);
  if (inLayout?.kind === 'page') return inLayout;
  if (/^readme\.md$/i.test(rest)) return atPath(targets.readmePath);
  const slugPath = /\/readme\.md$/i.test(rest) ? rest.slice(0, -'/README.md'.length) : rest.slice(0, -'.md'.length);
  return page(targets.pageByPath(slugPath));
}
