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
  const index = new MiniSearch<SearchDocument & { excerpt: string }>({ ...searchIndexOptions, fields: [...searchIndexOptions.fields], storeFields: [...searchIndexOptions.storeFields] });
  index.addAll(documents.map((document) => ({ ...document, excerpt: excerptOf(document.text) })));
  return `window.__quireSearch={"options":${JSON.stringify(searchIndexOptions)},"index":${JSON.stringify(index)}};\n`;
}

function excerptOf(text: string): string {
  if (text.length <= excerptLength) return text;
  const cut = text.lastIndexOf(' ', excerptLength);
  return `${text.slice(0, cut > 80 ? cut : excerptLength)}…`;
}
