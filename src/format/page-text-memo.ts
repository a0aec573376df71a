import { documentIdOf } from '../model/content-id.ts';
import { parseFrontmatter, type ParsedFrontmatter } from './frontmatter-yaml.ts';
import { scanReferences, type Reference } from './references.ts';

/**
 * What reading a page's text yields that depends on that text alone, remembered for the reads of directories
 * that hold mostly the same files: a structural sync reads the sync point's directory and the head's (1,000 pages
 * each on issue 17's bench, all but a few the same text), and parsing each frontmatter, scanning each body and
 * writing each canonical head twice was a third of its CPU. One memo lives as long as one plan (the caller makes
 * it and drops it), so nothing accumulates in a long-running server.
 *
 * Hits are never shared objects: a parsed frontmatter is cloned (its data becomes page metadata the caller may
 * change), references are frozen, and the rest are strings.
 *
 * @example
 * const memo = new PageTextMemo();
 * const from = readDirectory(baseFiles, { memo }).bundle;
 * const to = readDirectory(headFiles, { previous: from, memo }); // unchanged pages are not parsed again
 */
export class PageTextMemo {
  readonly #frontmatters = new Map<string, { isKnown: (key: string) => boolean; parsed: ParsedFrontmatter }>();
  readonly #references = new Map<string, readonly Reference[]>();
  readonly #canonicalHeads = new Map<string, string>();
  readonly #documentIds = new Map<string, string>();

  /** `parseFrontmatter`, parsed once per YAML text and `isKnown` (a copy each time). */
  parseFrontmatter(yaml: string, isKnown: (key: string) => boolean): ParsedFrontmatter {
    const known = this.#frontmatters.get(yaml);
    if (known !== undefined && known.isKnown === isKnown) return structuredClone(known.parsed);
    const parsed = parseFrontmatter(yaml, isKnown);
    this.#frontmatters.set(yaml, { isKnown, parsed: structuredClone(parsed) });
    return parsed;
  }

  /** `scanReferences`, scanned once per body text (frozen: callers only read them). */
  scanReferences(body: string): readonly Reference[] {
    let references = this.#references.get(body);
    if (references === undefined) {
      references = Object.freeze(scanReferences(body).map((reference) => Object.freeze(reference)));
      this.#references.set(body, references);
    }
    return references;
  }

  /** `documentIdOf`, hashed once per body text. */
  documentId(body: string): string {
    let id = this.#documentIds.get(body);
    if (id === undefined) {
      id = documentIdOf(body);
      this.#documentIds.set(body, id);
    }
    return id;
  }

  /**
   * A canonical head that depends only on `key` (the caller vouches for it: the title, the frontmatter as
   * written, whether the body is empty, and no value the directory's layout resolves), written once.
   */
  canonicalHead(key: string, write: () => string): string {
    let head = this.#canonicalHeads.get(key);
    if (head === undefined) {
      head = write();
      this.#canonicalHeads.set(key, head);
    }
    return head;
  }
}
