import { describe, expect, it } from 'vitest';
import type { SearchDocument } from '../render/index.ts';
import { searchIndexScript, SiteSearchIndex } from './search-index.ts';

const page = (id: number, text: string): SearchDocument => ({ id, title: `Page ${id}`, headings: '', text, href: `p${id}/index.html` });

describe('SiteSearchIndex', () => {
  it('writes the same script as searchIndexScript over the documents in page order, whatever order the pages finish in', () => {
    const documents = [page(0, 'install the agent'), page(2, 'rotate the keys'), page(3, 'agent keys and more words than an excerpt keeps '.repeat(5))];
    const search = new SiteSearchIndex();
    // Page 1 has no document; pages arrive as worker threads would hand them.
    search.add(3, documents[2]);
    search.add(1, undefined);
    search.add(2, documents[1]);
    search.add(0, documents[0]);
    expect(search.script()).toBe(searchIndexScript(documents));
  });

  it('indexes the pages still waiting for an earlier one when the script is written', () => {
    const search = new SiteSearchIndex();
    search.add(2, page(2, 'second'));
    search.add(1, page(1, 'first'));
    expect(search.script()).toBe(searchIndexScript([page(1, 'first'), page(2, 'second')]));
  });
});
