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
 * MiniSearch's `add` was a quarter of the export's main thread. The JSON is written as the documents arrive
 * (`settleEvery`): written all at the end, it took 20 to 40 ms after the last of 1,000 mixed pages.
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
  /** Documents indexed (the next short id); MiniSearch's `documentIds` are written as they are indexed. */
  private count = 0;
  /** JSON members of MiniSearch's `documentIds`, `fieldLength` and `storedFields` so far, by short id. */
  private documentIdsJson = '';
  private fieldLengthJson = '';
  private storedFieldsJson = '';
  private readonly averageFieldLength: number[] = [];
  /** Term → field id → its postings: the JSON members written so far, and [short id, frequency, …] since. */
  private readonly postings = new Map<string, Array<Postings | undefined>>();
  /** Postings with entries not yet in their JSON (`settle`). */
  private unsettled: Postings[] = [];

  /**
   * @param settleEvery documents indexed between two `settle`s, which write the postings of those documents as
   *   JSON: the script is then mostly written by the time the last page arrives (on the write thread, while the
   *   pages render), instead of all at the end.
   */
  constructor(private readonly settleEvery = 64) {}

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
    const shortId = this.count++;
    const key = `"${shortId}":`;
    const comma = shortId === 0 ? '' : ',';
    this.documentIdsJson += `${comma}${key}${String(document.id)}`;
    const stored: Record<string, unknown> = {};
    for (const field of searchIndexOptions.storeFields) if (document[field] !== undefined) stored[field] = document[field];
    this.storedFieldsJson += `${comma}${key}${JSON.stringify(stored)}`;
    const lengths: number[] = [];
    searchIndexOptions.fields.forEach((field, fieldId) => {
      const value = document[field];
      if (value === undefined || value === null) return;
      // Each token counted as written (their number is the field's length: MiniSearch counts unique tokens before
      // lowercasing them), then lowercased once per distinct token.
      const tokens = tokenCounts(String(value));
      const unique = tokens.size;
      lengths[fieldId] = unique;
      // The running average exactly as MiniSearch keeps it (`shortId` is the number of documents indexed before).
      this.averageFieldLength[fieldId] = ((this.averageFieldLength[fieldId] || 0) * shortId + unique) / (shortId + 1);
      const counts = new Map<string, number>();
      for (const [token, count] of tokens) {
        const term = token.toLowerCase();
        if (term !== '') counts.set(term, (counts.get(term) ?? 0) + count);
      }
      for (const [term, count] of counts) {
        let byField = this.postings.get(term);
        if (byField === undefined) this.postings.set(term, (byField = []));
        const postings = (byField[fieldId] ??= { json: '', entries: [] });
        if (postings.entries.length === 0) this.unsettled.push(postings);
        postings.entries.push(shortId, count);
      }
    });
    this.fieldLengthJson += `${comma}${key}${JSON.stringify(lengths)}`;
    if (this.count % this.settleEvery === 0) this.settle();
  }

  /**
   * Writes the entries of every posting list indexed since the last settle into its JSON: joined into one flat
   * string, then appended once. Appended member by member, each list's JSON was a rope of one piece per posting
   * (60,000 at bench/export's 1,000 mixed pages) that `script()` flattened after the last page: 3 to 7 ms of the
   * write thread's end, against 1 to 3.5 ms now (an instrumented copy, five exports each).
   */
  private settle(): void {
    for (const postings of this.unsettled) {
      const { entries } = postings;
      const members = new Array<string>(entries.length / 2);
      for (let at = 0; at < entries.length; at += 2) members[at / 2] = `"${entries[at]}":${entries[at + 1]}`;
      postings.json = postings.json === '' ? members.join(',') : `${postings.json},${members.join(',')}`;
      entries.length = 0;
    }
    this.unsettled = [];
  }

  /** The JSON text of MiniSearch's `toJSON()` of the same index, keys in its order. */
  private serialized(): string {
    this.settle();
    const terms: string[] = [];
    for (const [term, byField] of this.postings) {
      const fields: string[] = [];
      byField.forEach((postings, fieldId) => {
        if (postings !== undefined) fields.push(`"${fieldId}":{${postings.json}}`);
      });
      terms.push(`[${JSON.stringify(term)},{${fields.join(',')}}]`);
    }
    const fieldIds = Object.fromEntries(searchIndexOptions.fields.map((field, fieldId) => [field, fieldId]));
    return (
      `{"documentCount":${this.count},"nextId":${this.count},` +
      `"documentIds":{${this.documentIdsJson}},"fieldIds":${JSON.stringify(fieldIds)},` +
      `"fieldLength":{${this.fieldLengthJson}},` +
      `"averageFieldLength":${JSON.stringify(this.averageFieldLength)},` +
      `"storedFields":{${this.storedFieldsJson}},` +
      `"dirtCount":0,"index":[${terms.join(',')}],"serializationVersion":2}`
    );
  }
}

/** One term's postings in one field, short ids ascending: `json` written (`"12":3,"15":1`), `entries` not yet. */
interface Postings {
  json: string;
  entries: number[];
}

function excerptOf(text: string): string {
  if (text.length <= excerptLength) return text;
  const cut = text.lastIndexOf(' ', excerptLength);
  return `${text.slice(0, cut > 80 ? cut : excerptLength)}…`;
}
