import MiniSearch from 'minisearch';
import type { SearchDocument } from '../render/index.ts';

/**
 * The options the index is built with; the site script loads it with the same (`MiniSearch.loadJS`), so they
 * travel inside the index file.
 */
export const searchIndexOptions = {
  idField: 'id',
  fields: ['title', 'headings', 'text'],
  storeFields: ['title', 'href', 'section', 'variant', 'excerpt'],
} as const;

/** Characters of a page's text kept to show under a result. */
const excerptLength = 140;

/**
 * The search index of the whole site as a script (`assets/search-index.js`): a `<script>` tag loads it, because
 * `fetch` fails from `file://`. Full text of every indexed page; results carry their section and variant so the
 * search box groups them.
 *
 * @example
 * await writeFile('out/assets/search-index.js', searchIndexScript(documents));
 * // → 'window.__quireSearch={"options":{…},"index":{…}};'
 */
export function searchIndexScript(documents: readonly SearchDocument[]): string {
  const index = new SiteSearchIndex();
  documents.forEach((document, position) => index.add(position, document));
  return index.script();
}

/**
 * The site's search index built while the pages are rendered: each page's document is indexed as soon as every
 * page before it is (pages finish out of order with worker threads), so the index, and `script()`, are the same
 * as `searchIndexScript` over all the documents, while the documents' full text is not kept until the end (at
 * 10,000 pages it was the largest thing the export held).
 *
 * @example
 * const search = new SiteSearchIndex();
 * search.add(page.index, page.search); // every page, in any order, with or without a document
 * writer.write('assets/search-index.js', search.script());
 */
export class SiteSearchIndex {
  private readonly index = new MiniSearch<SearchDocument & { excerpt: string }>({ ...searchIndexOptions, fields: [...searchIndexOptions.fields], storeFields: [...searchIndexOptions.storeFields] });
  /** Pages that finished before an earlier one: their document, or undefined for a page left out of search. */
  private readonly waiting = new Map<number, SearchDocument | undefined>();
  private next = 0;

  /** Page `pageIndex` (of the plan) is rendered, with its search document if it has one. */
  add(pageIndex: number, document: SearchDocument | undefined): void {
    this.waiting.set(pageIndex, document);
    while (this.waiting.has(this.next)) {
      const ready = this.waiting.get(this.next);
      this.waiting.delete(this.next);
      this.next++;
      if (ready !== undefined) this.index.add({ ...ready, excerpt: excerptOf(ready.text) });
    }
  }

  /** The index as the script `assets/search-index.js`: the pages still waiting for an earlier one are indexed first. */
  script(): string {
    for (const pageIndex of [...this.waiting.keys()].sort((a, b) => a - b)) {
      const document = this.waiting.get(pageIndex);
      if (document !== undefined) this.index.add({ ...document, excerpt: excerptOf(document.text) });
    }
    this.waiting.clear();
    return `window.__quireSearch={"options":${JSON.stringify(searchIndexOptions)},"index":${JSON.stringify(this.index)}};\n`;
  }
}

function excerptOf(text: string): string {
  if (text.length <= excerptLength) return text;
  const cut = text.lastIndexOf(' ', excerptLength);
  return `${text.slice(0, cut > 80 ? cut : excerptLength)}…`;
}
