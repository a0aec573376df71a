import type { SearchDocument } from '../render/index.ts';
import { tokenCounts } from './search-tokens.ts';

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

type IndexedDocument = SearchDocument & { excerpt: string };

/**
 * The site's search index built while the pages are rendered: each page's document is indexed as soon as every
 * page before it is (pages finish out of order with worker threads), so the index, and `script()`, are the same
 * as `searchIndexScript` over all the documents, while the documents' full text is not kept until the end (at
 * 10,000 pages it was the largest thing the export held).
 *
 * The index is MiniSearch's serialized form (`toJSON`, serialization version 2), which the site script loads with
 * `MiniSearch.loadJS` and `searchIndexOptions`, built here without MiniSearch: the same tokens, term frequencies,
 * field lengths and averages as MiniSearch's `add` with those options (search-index.test.ts holds the two to the
 * same answers), kept as flat posting lists instead of MiniSearch's radix tree of maps. At 10,000 mixed pages,
 * MiniSearch's `add` was a quarter of the export's main thread.
 *
 * @example
 * const search = new SiteSearchIndex();
 * search.add(page.index, page.search); // every page, in any order, with or without a document
 * writer.write('assets/search-index.js', search.script());
 */
export class SiteSearchIndex {
  /** Pages that finished before an earlier one: their document, or undefined for a page left out of search. */
  private readonly waiting = new Map<number, SearchDocument | undefined>();
  private next = 0;
  /** Document ids by short id (MiniSearch's `documentIds`): the short id is the position here. */
  private readonly documentIds: number[] = [];
  /** Unique tokens of each field, by short id; a hole where the document has no such field. */
  private readonly fieldLengths: number[][] = [];
  private readonly averageFieldLength: number[] = [];
  private readonly storedFields: Array<Record<string, unknown>> = [];
  /** Term → field id → flat [short id, frequency, short id, frequency, …], short ids ascending. */
  private readonly postings = new Map<string, Array<number[] | undefined>>();

  /** Page `pageIndex` (of the plan) is rendered, with its search document if it has one. */
  add(pageIndex: number, document: SearchDocument | undefined): void {
    this.waiting.set(pageIndex, document);
    while (this.waiting.has(this.next)) {
      const ready = this.waiting.get(this.next);
      this.waiting.delete(this.next);
      this.next++;
      if (ready !== undefined) this.index(ready);
    }
  }

  /** The index as the script `assets/search-index.js`: the pages still waiting for an earlier one are indexed first. */
  script(): string {
    for (const pageIndex of [...this.waiting.keys()].sort((a, b) => a - b)) {
      const document = this.waiting.get(pageIndex);
      if (document !== undefined) this.index(document);
    }
    this.waiting.clear();
    return `window.__quireSearch={"options":${JSON.stringify(searchIndexOptions)},"index":${this.serialized()}};\n`;
  }

  /** MiniSearch's `add` of the page with its excerpt, field by field: the field's unique tokens as its length, each processed token counted. */
  private index(page: SearchDocument): void {
    const document: IndexedDocument = { ...page, excerpt: excerptOf(page.text) };
    const shortId = this.documentIds.length;
    this.documentIds.push(document.id);
    const stored: Record<string, unknown> = {};
    for (const field of searchIndexOptions.storeFields) if (document[field] !== undefined) stored[field] = document[field];
    this.storedFields.push(stored);
    const lengths: number[] = [];
    searchIndexOptions.fields.forEach((field, fieldId) => {
      const value = document[field];
      if (value === undefined || value === null) return;
      // Each token counted as written (their number is the field's length: MiniSearch counts unique tokens before
      // lowercasing them), then lowercased once per distinct token.
      const tokens = tokenCounts(String(value));
      const unique = tokens.size;
      lengths[fieldId] = unique;
      // The running average exactly as MiniSearch keeps it (`count` is the documents indexed before this one).
      this.averageFieldLength[fieldId] = ((this.averageFieldLength[fieldId] || 0) * shortId + unique) / (shortId + 1);
      const counts = new Map<string, number>();
      for (const [token, count] of tokens) {
        const term = token.toLowerCase();
        if (term !== '') counts.set(term, (counts.get(term) ?? 0) + count);
      }
      for (const [term, count] of counts) {
        let byField = this.postings.get(term);
        if (byField === undefined) this.postings.set(term, (byField = []));
        const list = byField[fieldId];
        if (list === undefined) byField[fieldId] = [shortId, count];
        else list.push(shortId, count);
      }
    });
    this.fieldLengths.push(lengths);
  }

  /** The JSON text of MiniSearch's `toJSON()` of the same index, keys in its order. */
  private serialized(): string {
    const byShortId = <T>(values: readonly T[], write: (value: T) => string) => `{${values.map((value, shortId) => `"${shortId}":${write(value)}`).join(',')}}`;
    // Each short id's key (`"12":`) written once, not once per term it occurs in.
    const keys = this.documentIds.map((_, shortId) => `"${shortId}":`);
    const terms: string[] = [];
    for (const [term, byField] of this.postings) {
      const fields: string[] = [];
      byField.forEach((list, fieldId) => {
        if (list === undefined) return;
        const entries: string[] = [];
        for (let at = 0; at < list.length; at += 2) entries.push(keys[list[at]!]! + list[at + 1]!);
        fields.push(`"${fieldId}":{${entries.join(',')}}`);
      });
      terms.push(`[${JSON.stringify(term)},{${fields.join(',')}}]`);
    }
    const fieldIds = Object.fromEntries(searchIndexOptions.fields.map((field, fieldId) => [field, fieldId]));
    return (
      `{"documentCount":${this.documentIds.length},"nextId":${this.documentIds.length},` +
      `"documentIds":${byShortId(this.documentIds, String)},"fieldIds":${JSON.stringify(fieldIds)},` +
      `"fieldLength":${byShortId(this.fieldLengths, (lengths) => JSON.stringify(lengths))},` +
      `"averageFieldLength":${JSON.stringify(this.averageFieldLength)},` +
      `"storedFields":${byShortId(this.storedFields, (fields) => JSON.stringify(fields))},` +
      `"dirtCount":0,"index":[${terms.join(',')}],"serializationVersion":2}`
    );
  }
}

function excerptOf(text: string): string {
  if (text.length <= excerptLength) return text;
  const cut = text.lastIndexOf(' ', excerptLength);
  return `${text.slice(0, cut > 80 ? cut : excerptLength)}…`;
}
