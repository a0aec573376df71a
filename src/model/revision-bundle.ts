import type { Revision } from '@gitbook/api';

/**
 * A space revision with everything needed to write it out as a directory: the revision in the published
 * shape, the Markdown body of every page and reusable content, the bytes of every file, and what the
 * directory held that the revision has no field for (`source`), so that writing gives back the same bytes.
 *
 * This is also the shape of a bundle file (`quire convert dir bundle.json`), with bytes in base64.
 */
export interface RevisionBundle {
  revision: Revision;
  /** Markdown bodies by document id: pages' `documentId` and reusable contents' `document`. */
  documents: Record<string, string>;
  /** File bytes by file id (`revision.files[].id`). */
  files: Record<string, Uint8Array>;
  source: DirectorySource;
}

/**
 * What a Markdown directory holds beyond the revision. Everything here is optional detail for a
 * byte-exact round trip; a bundle made by the service has an empty `source` and is written in canonical style.
 */
export interface DirectorySource {
  /** `.gitbook.yaml` as written (path relative to the directory), when there was one. */
  config?: { path: string; text: string };
  /** The space's folder inside the directory (`.gitbook.yaml` `root`), `''` or ending in `/`. */
  root: string;
  /** `structure.readme` and `structure.summary` from `.gitbook.yaml`, relative to `root`. */
  structure: { readme: string; summary: string };
  /** `.gitbook.yaml` `redirects`: old URL path → file path relative to `root`. */
  redirects: Record<string, string>;
  /** SUMMARY.md as written, when there was one. */
  summaryText?: string;
  /** `.gitbook/vars.yaml` as written, when there was one. */
  varsText?: string;
  /**
   * The head of a page or reusable-content file (frontmatter, title line and the blank lines after it) as
   * written, by page or reusable-content id, kept only when it differs from what the canonical writer makes
   * of the same metadata.
   */
  heads: Record<string, string>;
  /**
   * Pages whose SUMMARY.md entry names them differently from their `# ` title line, by page id: the entry's text
   * and the title it stood beside. While the page keeps that title, SUMMARY.md keeps the entry's text.
   */
  summaryTitles: Record<string, { summary: string; title: string }>;
  /** Files of the directory that are not part of the revision (unlisted Markdown, files outside `root`, ...). */
  extra: Record<string, Uint8Array>;
  /** Symbolic links found in the directory (path → target). Never followed; kept so nothing is lost. */
  symlinks: Record<string, string>;
}

/** A source for a bundle made without a directory (by the service, or from scratch). */
export function emptyDirectorySource(): DirectorySource {
  return {
    root: '',
    structure: { readme: 'README.md', summary: 'SUMMARY.md' },
    redirects: {},
    heads: {},
    summaryTitles: {},
    extra: {},
    symlinks: {},
  };
}
