// bench/search: full-text search on a 10,000-page space (issue 14). Generates realistic English pages (a title,
// an introduction and several `##` sections each, from a fixed vocabulary and a fixed seed), stores them as one
// space, indexes it, then times ~50 fixed queries through the service (searchSpaceContent: ranking, sections,
// excerpts; several rounds, p50 / p99), and a one-page merge: its time (the refresh included), the refresh's own
// time (from its read of the index's revision to its write), and how many pages it re-indexed. SQLite always; PostgreSQL too when QUIRE_TEST_DATABASE_URL is set (in a throwaway schema).
// Usage: npx tsx bench/search/run.ts [pages=10000] [rounds=5]
//        QUIRE_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/search/run.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { defaultLayout } from '../../src/format/page-metadata.ts';
import { authenticate } from '../../src/service/access/actor.ts';
import { bootstrap } from '../../src/service/bootstrap.ts';
import { updateChangeRequestContent } from '../../src/service/change-requests/change-request-content.ts';
import { createChangeRequest } from '../../src/service/change-requests/change-requests.ts';
import { mergeChangeRequest } from '../../src/service/change-requests/merge-change-request.ts';
import { refreshSearchIndex, searchSpaceContent } from '../../src/service/search/search.ts';
import type { ServiceContext } from '../../src/service/service-context.ts';
import { openStore, type SearchIndexUpdate, type Store, type StoredChildPage } from '../../src/store/index.ts';

const pageCount = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 5);

const nouns = ['install', 'configuration', 'token', 'space', 'page', 'site', 'team', 'member', 'permission', 'revision', 'merge', 'branch', 'commit', 'export', 'theme', 'search', 'index', 'webhook', 'integration', 'database', 'cache', 'server', 'client', 'request', 'response', 'error', 'limit', 'upload', 'file', 'image', 'link', 'section', 'variable', 'template', 'deployment', 'backup', 'migration', 'schema', 'query', 'session'];
const verbs = ['installing', 'configure', 'create', 'delete', 'update', 'publish', 'merge', 'review', 'sync', 'export', 'import', 'invite', 'restore', 'deploy', 'monitor', 'rotate', 'upgrade', 'validate', 'cache', 'archive'];
const fillers = ['the', 'a', 'your', 'each', 'every', 'this', 'that', 'with', 'before', 'after', 'when', 'then', 'also', 'only', 'quickly', 'safely', 'carefully', 'automatically'];
const queries = [
  'install', 'installing quire', 'configuration', 'token rotate', 'permission', 'merge branch', 'export site', 'theme', 'search index', 'webhook',
  'database migration', 'cache', 'server error', 'upload image', 'link', 'variable template', 'deployment', 'backup restore', 'schema validate', 'session',
  'create space', 'delete page', 'invite member', 'team permission', 'publish site', 'review revision', 'sync commit', 'import file', 'monitor server', 'upgrade database',
  'how to install', 'configure webhook integration', 'rotate token safely', 'client request response', 'limit', 'archive revision', 'restore backup', 'section', 'query', 'integration',
  'page 42', 'guide 7', 'troubleshooting', 'quickly deploy', 'automatically sync', 'error limit', 'file upload limit', 'nothingmatcheshere', 'merge conflict', 'deploy server cache',
];

/** A deterministic pseudo-random generator (mulberry32), so every run builds the same pages. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pageMarkdown(next: () => number, index: number): { title: string; markdown: string } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const sentence = () => {
    const words = Array.from({ length: 8 + Math.floor(next() * 10) }, () => pick([pick(nouns), pick(verbs), pick(fillers), pick(fillers)]));
    return `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
  };
  const paragraph = () => Array.from({ length: 3 + Math.floor(next() * 3) }, sentence).join(' ');
  const title = `${pick(verbs).replace(/^./, (c) => c.toUpperCase())} ${pick(nouns)} (guide ${index % 50}, page ${index})`;
  const sections = Array.from({ length: 3 + Math.floor(next() * 4) }, () => `## ${pick(verbs).replace(/^./, (c) => c.toUpperCase())} the ${pick(nouns)}\n\n${paragraph()}\n\n${paragraph()}\n`);
  return { title, markdown: `${paragraph()}\n\n${sections.join('\n')}\n\`\`\`bash\nquire ${pick(verbs)} --${pick(nouns)}\n\`\`\`\n` };
}

function documentPage(id: string, title: string, documentId: string, path: string): StoredChildPage {
  return { id, title, kind: 'sheet', type: 'document', slug: path.split('/').pop()!, path, pages: [], layout: { ...defaultLayout, cover: false }, tags: [], documentId } as StoredChildPage;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(kind: 'sqlite' | 'postgres', store: Store): Promise<void> {
  const admin = await bootstrap(store);
  const actor = await authenticate(store, `Bearer ${admin.token}`);
  const ctx: ServiceContext = { store, clock: () => new Date(), baseUrl: 'http://quire.bench' };

  let started = performance.now();
  const next = random(14);
  const chapters: StoredChildPage[] = [];
  for (let chapter = 0; chapter * 100 < pageCount; chapter++) {
    const children: StoredChildPage[] = [];
    for (let index = chapter * 100; index < Math.min(pageCount, (chapter + 1) * 100); index++) {
      const { title, markdown } = pageMarkdown(next, index);
      children.push(documentPage(`p${index}`, title, await store.putDocument(markdown), `c${chapter}/p${index}`));
    }
    chapters.push({ id: `c${chapter}`, title: `Chapter ${chapter}`, kind: 'group', type: 'group', slug: `c${chapter}`, path: `c${chapter}`, pages: children } as never);
  }
  const space = await store.createSpace({ organizationId: admin.organization.id, title: 'Bench', content: { pages: chapters as never } });
  const generateMs = performance.now() - started;

  started = performance.now();
  const initial = await refreshSearchIndex(ctx, space.id);
  const indexMs = performance.now() - started;

  const times: number[] = [];
  let hits = 0;
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const begin = performance.now();
      const result = await searchSpaceContent(ctx, actor, space.id, query, { limit: 20 });
      times.push(performance.now() - begin);
      if (round === 0) hits += result.count;
    }
  }

  const updates: SearchIndexUpdate[] = [];
  // The refresh after the merge, timed from its first read of the index's revision to its write.
  let refreshStart: number | undefined;
  let refreshMs = 0;
  const recording: Store = new Proxy(store, {
    get(target, key: string) {
      if (key === 'getSearchIndexRevision') return (spaceId: string) => ((refreshStart ??= performance.now()), target.getSearchIndexRevision(spaceId));
      if (key === 'applySearchIndexUpdate')
        return async (update: SearchIndexUpdate) => {
          updates.push(update);
          const applied = await target.applySearchIndexUpdate(update);
          refreshMs = performance.now() - (refreshStart ?? performance.now());
          return applied;
        };
      const value = (target as unknown as Record<string, unknown>)[key];
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const mergeCtx = { ...ctx, store: recording };
  const edited = `p${Math.floor(pageCount / 2)}`;
  const changeRequest = await createChangeRequest(mergeCtx, actor, space.id, { subject: 'One page' });
  await updateChangeRequestContent(mergeCtx, actor, space.id, changeRequest.id, [{ operation: 'update_page', page: edited, document: { markdown: 'A rewritten page about zeppelins.\n\n## Details\n\nMore.\n' } }] as never);
  started = performance.now();
  await mergeChangeRequest(mergeCtx, actor, space.id, changeRequest.id);
  const mergeMs = performance.now() - started;
  const found = await searchSpaceContent(ctx, actor, space.id, 'zeppelins');

  console.log(
    JSON.stringify({
      store: kind,
      pages: pageCount,
      generateSeconds: +(generateMs / 1000).toFixed(1),
      initialIndexSeconds: +(indexMs / 1000).toFixed(1),
      pagesIndexed: initial.reindexed,
      queries: times.length,
      matchedPagesPerQuery: Math.round(hits / queries.length),
      queryP50Ms: +percentile(times, 50).toFixed(1),
      queryP99Ms: +percentile(times, 99).toFixed(1),
      queryMaxMs: +Math.max(...times).toFixed(1),
      onePageMergeMsWithRefresh: +mergeMs.toFixed(1),
      refreshAfterMergeMs: +refreshMs.toFixed(1),
      pagesReindexedByMerge: updates.reduce((sum, update) => sum + update.put.length, 0),
      editedPageFound: found.items[0]?.id === edited,
    }),
  );
}

const directory = mkdtempSync(join(tmpdir(), 'quire-bench-search-'));
try {
  const sqlite = await openStore({ kind: 'sqlite', directory: join(directory, 'sqlite') });
  try {
    await run('sqlite', sqlite);
  } finally {
    await sqlite.close();
  }
  const url = process.env.QUIRE_TEST_DATABASE_URL;
  if (url !== undefined) {
    const schema = `quire_bench_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    try {
      const postgres = await openStore({ kind: 'postgres', url, schema, blobDirectory: join(directory, 'blobs') });
      try {
        await run('postgres', postgres);
      } finally {
        await postgres.close();
      }
    } finally {
      await admin.query(`drop schema "${schema}" cascade`);
      await admin.end();
    }
  } else console.log('PostgreSQL skipped: QUIRE_TEST_DATABASE_URL is not set');
} finally {
  rmSync(directory, { recursive: true, force: true });
}
