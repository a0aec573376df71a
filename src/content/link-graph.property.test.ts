import type { ChangeRequestContentChange } from '@gitbook/api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planLayout, walkLayoutPages, type LayoutPage } from '../format/directory-layout.ts';
import type { RevisionSnapshot } from '../model/revision-snapshot.ts';
import { applyContentChanges } from './apply-content-changes.ts';
import { documentsFrom } from './document-lookup.ts';
import { extractLinks, type ExtractedLink } from './link-extraction.ts';
import { extractKey, linksOf, missingExtracts, resolveLinkGraph, type LinkGraph } from './link-graph.ts';
import { snapshotOf } from './snapshot-fixture.ts';

/*
 * The incremental path (extracts kept across revisions, only new (body, path) pairs extracted) gives the graph a
 * from-scratch computation gives, after random edits, moves and deletes made through the real content operations;
 * and what the graph says matches what was written: a link to a page that still exists reaches it (moves
 * rewrite link spans), a link to a deleted page is broken.
 */

const resolution = { inAppPrefixes: ['http://quire.test/'] };

/** A link as the generator writes it: to the n-th live page (maybe at an anchor), the n-th file, or elsewhere. */
type LinkSpec = { to: 'page'; n: number; anchor: boolean } | { to: 'file'; n: number } | { to: 'url'; inApp: boolean } | { to: 'anchor' } | { to: 'missing'; n: number };

type Step =
  | { kind: 'insert'; parent: number | null; links: LinkSpec[] }
  | { kind: 'edit'; n: number; links: LinkSpec[] }
  | { kind: 'move'; n: number; into: number | null }
  | { kind: 'delete'; n: number }
  | { kind: 'file' };

const linkSpec: fc.Arbitrary<LinkSpec> = fc.oneof(
  fc.record({ to: fc.constant('page' as const), n: fc.nat(20), anchor: fc.boolean() }),
  fc.record({ to: fc.constant('file' as const), n: fc.nat(5) }),
  fc.record({ to: fc.constant('url' as const), inApp: fc.boolean() }),
  fc.constant({ to: 'anchor' as const }),
  fc.record({ to: fc.constant('missing' as const), n: fc.nat(3) }),
);
const links = fc.array(linkSpec, { minLength: 1, maxLength: 5 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('insert' as const), parent: fc.option(fc.nat(20), { nil: null }), links }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('edit' as const), n: fc.nat(20), links }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('move' as const), n: fc.nat(20), into: fc.option(fc.nat(20), { nil: null }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), n: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'file' as const }) },
);

interface World {
  snapshot: RevisionSnapshot;
  bodies: Map<string, string>;
  /** Extracts kept from one revision to the next, as the store keeps them. */
  extracts: Map<string, ExtractedLink[]>;
  /** For each page written with links: the page each link was meant to reach (undefined: not a page link). */
  intended: Map<string, Array<string | undefined>>;
  titles: number;
}

function allPages(snapshot: RevisionSnapshot): LayoutPage[] {
  const pages: LayoutPage[] = [];
  walkLayoutPages<LayoutPage>(snapshot.pages, (page) => pages.push(page));
  return pages;
}

const pick = <T,>(list: readonly T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);

/** The pages a step may touch: every document page but the first (README.md stays its own). */
function pagesOf(world: World): string[] {
  return allPages(world.snapshot)
    .filter((page) => page.type === 'document')
    .map((page) => page.id)
    .slice(1);
}

function bodyOf(world: World, specs: readonly LinkSpec[]): { markdown: string; intended: Array<string | undefined> } {
  const pages = pagesOf(world);
  const files = world.snapshot.files.map((file) => file.id);
  const parts: string[] = [];
  const intended: Array<string | undefined> = [];
  for (const spec of specs) {
    if (spec.to === 'page' && pick(pages, spec.n) !== undefined) {
      const page = pick(pages, spec.n)!;
      parts.push(`[p](/pages/${page}${spec.anchor ? '#part' : ''})`);
      intended.push(page);
    } else if (spec.to === 'file' && pick(files, spec.n) !== undefined) {
      parts.push(`![f](/files/${pick(files, spec.n)})`);
      intended.push(undefined);
    } else if (spec.to === 'url') {
      parts.push(spec.inApp ? '[app](http://quire.test/v1/spaces/s1)' : '[web](https://example.com/a)');
      intended.push(undefined);
    } else if (spec.to === 'anchor') {
      parts.push('[here](#part)');
      intended.push(undefined);
    } else if (spec.to === 'missing') {
      parts.push(`[gone](missing-${spec.n}.md)`);
      intended.push(undefined);
    }
  }
  return { markdown: `${parts.join(' ')}\n`, intended };
}

function changeOf(world: World, step: Step): { changes: unknown[]; written?: { intended: Array<string | undefined> } } {
  const pages = pagesOf(world);
  switch (step.kind) {
    case 'insert': {
      const body = bodyOf(world, step.links);
      const into = step.parent === null ? undefined : pick(pages, step.parent);
      return { changes: [{ operation: 'insert_page', title: `Page ${++world.titles}`, ...(into === undefined ? {} : { into }), document: { markdown: body.markdown } }], written: body };
    }
    case 'edit': {
      const page = pick(pages, step.n);
      if (page === undefined) return { changes: [] };
      const body = bodyOf(world, step.links);
      return { changes: [{ operation: 'update_page', page, document: { markdown: body.markdown } }], written: body };
    }
    case 'move': {
      const page = pick(pages, step.n);
      if (page === undefined) return { changes: [] };
      return { changes: [{ operation: 'update_page', page, into: step.into === null ? null : (pick(pages, step.into) ?? null) }] };
    }
    case 'delete': {
      const page = pick(pages, step.n);
      return { changes: page === undefined ? [] : [{ operation: 'delete_page', page }] };
    }
    case 'file':
      return { changes: [{ operation: 'insert_files', files: [{ name: `f${++world.titles}.png`, contentType: 'image/png', base64: Buffer.from('png').toString('base64') }] }] };
  }
}

/** The incremental path: extracts only the pairs the kept extracts lack, then resolves. */
function incremental(world: World): { graph: LinkGraph; extracted: number } {
  const layout = planLayout(world.snapshot);
  const missing = missingExtracts(world.snapshot, layout, (key) => world.extracts.has(extractKey(key)));
  for (const key of missing) world.extracts.set(extractKey(key), extractLinks(world.bodies.get(key.documentId) ?? '', key.pagePath));
  return { graph: resolveLinkGraph(world.snapshot, layout, (key) => world.extracts.get(extractKey(key)), resolution), extracted: missing.length };
}

describe('link graph', () => {
  it('incremental extraction gives the from-scratch graph, and links follow their pages through moves and deletes', async () => {
    // How many page links the runs checked, reaching a live page and broken by a delete: both must happen.
    const checked = { live: 0, broken: 0, moved: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        let ids = 0;
        const newId = () => `n${++ids}`;
        const world: World = { snapshot: snapshotOf([]), bodies: new Map(), extracts: new Map(), intended: new Map(), titles: 0 };
        const first = await applyContentChanges(world.snapshot, documentsFrom(world.bodies), [{ operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello.\n' } }] as ChangeRequestContentChange[], { newId });
        world.snapshot = first.snapshot;
        for (const [id, body] of first.documents) world.bodies.set(id, body);
        incremental(world);

        for (const next of steps) {
          const { changes, written } = changeOf(world, next);
          if (changes.length === 0) continue;
          let applied;
          try {
            applied = await applyContentChanges(world.snapshot, documentsFrom(world.bodies), changes as ChangeRequestContentChange[], { newId });
          } catch {
            continue; // A move under its own subpage, say: refused, nothing changed.
          }
          world.snapshot = applied.snapshot;
          for (const [id, body] of applied.documents) world.bodies.set(id, body);
          const touched = applied.outcomes[0]?.page;
          if (written !== undefined && touched !== undefined) world.intended.set(touched, written.intended);

          const { graph, extracted } = incremental(world);
          expect(graph).toEqual(linksOf(world.snapshot, world.bodies, resolution));
          // A body edit that moves nothing extracts that one page only.
          if (next.kind === 'edit' && applied.documents.size <= 1) expect(extracted).toBeLessThanOrEqual(1);

          const live = new Set(allPages(world.snapshot).map((page) => page.id));
          for (const [page, intended] of world.intended) {
            if (!live.has(page)) continue;
            const written = graph.occurrences.filter((occurrence) => occurrence.page === page);
            expect(written).toHaveLength(intended.length);
            intended.forEach((target, index) => {
              if (target === undefined) return;
              const occurrence = written[index]!;
              if (live.has(target)) {
                expect(occurrence.target).toMatchObject({ page: target });
                checked.live++;
                if (next.kind === 'move') checked.moved++;
              } else {
                expect(occurrence.status).toBe('broken');
                checked.broken++;
              }
            });
          }
        }
      }),
      {
        numRuns: 100,
        // One run known to reach every case the counters below look for: a link followed through a move, then broken.
        examples: [
          [
            [
              { kind: 'insert', parent: null, links: [{ to: 'url', inApp: false }] },
              { kind: 'insert', parent: null, links: [{ to: 'page', n: 0, anchor: false }] },
              { kind: 'insert', parent: null, links: [] },
              { kind: 'move', n: 0, into: 2 },
              { kind: 'delete', n: 2 },
            ],
          ],
        ],
      },
    );
    expect(checked.live).toBeGreaterThan(0);
    expect(checked.moved).toBeGreaterThan(0);
    expect(checked.broken).toBeGreaterThan(0);
  });

  it('tells statuses and relations apart in a body', () => {
    const snapshot = snapshotOf([]);
    expect(extractLinks('[a](b.md "mention") {% content-ref url="b.md" %}\n[b.md](b.md)\n{% endcontent-ref %} `[c](c.md)`', 'guides/a.md')).toEqual([
      { relation: 'mention', target: { kind: 'path', path: 'guides/b.md' } },
      { relation: 'content-ref', target: { kind: 'path', path: 'guides/b.md' } },
      { relation: 'reference', target: { kind: 'path', path: 'guides/b.md' } },
    ]);
    expect(extractLinks('[x](../../out.md) [y](/pages/p1#top) [z](/guides) [w](#top)', 'a.md').map((link) => link.target)).toEqual([
      { kind: 'invalid', written: '../../out.md' },
      { kind: 'page-id', page: 'p1', anchor: 'top' },
      { kind: 'url', url: '/guides' },
      { kind: 'anchor', anchor: 'top' },
    ]);
    expect(linksOf(snapshot, new Map(), resolution).occurrences).toEqual([]);
  });
});
