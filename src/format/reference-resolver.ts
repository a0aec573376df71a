import type { DirectoryLayout } from './directory-layout.ts';
import { decodeTargetPath, isExternalTarget, relativePath, resolveLinkTarget, splitTarget } from './directory-path.ts';
import type { ReferenceResolver } from './page-metadata.ts';

/**
 * Resolves the paths written in the file at `filePath` against a directory layout, and back.
 *
 * @example
 * createResolver('guide/a.md', layout, '').fileRef('../.gitbook/assets/x.png') // → { kind: 'file', file: '<id>' }
 */
export function createResolver(filePath: string, layout: DirectoryLayout, root: string): ReferenceResolver {
  const lookup = (target: string) => {
    const resolved = resolveLinkTarget(filePath, decodeTargetPath(splitTarget(target).path), root, (path) => layout.byPath.has(path));
    return resolved.ok ? layout.byPath.get(resolved.path) : undefined;
  };
  return {
    fileRef(target) {
      if (isExternalTarget(target)) return { kind: 'url', url: target };
      const found = lookup(target);
      return found?.kind === 'file' ? { kind: 'file', file: found.id } : undefined;
    },
    pageRef(target) {
      if (isExternalTarget(target)) return { kind: 'url', url: target };
      const found = lookup(target);
      return found?.kind === 'page' ? { kind: 'page', page: found.id } : undefined;
    },
    fileTarget(ref) {
      if (ref.kind === 'url') return ref.url;
      const path = layout.files.get(ref.file);
      return path === undefined ? undefined : encodeTargetPath(relativePath(filePath, path));
    },
    pageTarget(ref) {
      if (ref.kind === 'url') return ref.url;
      const path = layout.pages.get(ref.page);
      return path === undefined ? undefined : encodeTargetPath(relativePath(filePath, path));
    },
  };
}

/** Paths are written as they are, except characters that would end a link: spaces stay (callers use `<>`). */
export function encodeTargetPath(path: string): string {
  return path.replace(/[()]/g, (char) => encodeURIComponent(char));
}
