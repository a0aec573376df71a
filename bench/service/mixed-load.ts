// A sustained mixed workload against `quire serve` (issue 12): 90% reads, 10% writes, from several keep-alive
// connections at once, spread round robin over one or more server processes that share a store. The seeding and
// the operations go through the public HTTP API only, so the same code runs against SQLite and PostgreSQL.
import { summarizeLatencies, type LatencySummary } from './latency-summary.ts';
import { seededRandom } from '../../test/support/seeded-random.ts';
import { operationPicker, type WeightedOperation } from './operation-mix.ts';
import type { RoundRobinApi } from './round-robin-api.ts';

/** What the load reads and writes: a space of `pages` document pages in chapters, published in a site. */
export interface LoadSpace {
  organizationId: string;
  spaceId: string;
  /** The revision the seeding merged: an old revision once the load has merged edits, still read by id. */
  revisionId: string;
  siteId: string;
  pages: { id: string; path: string }[];
}

interface PageNode {
  id: string;
  type: string;
  title?: string;
  path?: string;
  pages?: PageNode[];
}

const chapters = 10;

/**
 * Creates a space with `pageCount` document pages (in 10 chapters, through change requests merged as a user
 * would), and a published site showing it; answers what the load needs to address them.
 *
 * @example
 * const space = await seedLoadSpace(api, 300);
 */
export async function seedLoadSpace(api: RoundRobinApi, pageCount: number): Promise<LoadSpace> {
  const organizations = (await api.send('GET', '/v1/orgs'))!.items as { id: string }[];
  const organizationId = organizations[0]!.id;
  const space = (await api.send('POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Mixed load' }))!;
  const spaceId = space.id as string;
  await mergeChanges(api, spaceId, 'Chapters', Array.from({ length: chapters }, (_, index) => ({ operation: 'insert_page', title: `Chapter ${index + 1}`, document: { markdown: `Chapter ${index + 1}.\n` } })));
  const chapterIds = (await listDocumentPages(api, spaceId)).map((page) => page.id);
  const children = Array.from({ length: pageCount - chapters }, (_, index) => ({
    operation: 'insert_page',
    into: chapterIds[index % chapters],
    title: `Page ${index + 1}`,
    document: { markdown: `Page ${index + 1} of the mixed load.\n\n- one\n- two\n\nSee [the first chapter](../chapter-1.md).\n` },
  }));
  await mergeChanges(api, spaceId, 'Pages', children);
  const pages = await listDocumentPages(api, spaceId);
  const revisionId = ((await api.send('GET', `/v1/spaces/${spaceId}`))!.revision as string | undefined) ?? '';
  const site = (await api.send('POST', `/v1/orgs/${organizationId}/sites`, { title: 'Mixed load', spaces: [spaceId] }))!;
  const siteId = site.id as string;
  await api.send('POST', `/v1/orgs/${organizationId}/sites/${siteId}/publish`);
  return { organizationId, spaceId, revisionId, siteId, pages };
}

/** Opens a change request, fills it with `changes` (50 a request, the schema's most) and merges it; throws unless it merged. */
async function mergeChanges(api: RoundRobinApi, spaceId: string, subject: string, changes: unknown[]): Promise<void> {
  const changeRequest = (await api.send('POST', `/v1/spaces/${spaceId}/change-requests`, { subject }))!;
  const root = `/v1/spaces/${spaceId}/change-requests/${changeRequest.id as string}`;
  for (let start = 0; start < changes.length; start += 50) await api.send('POST', `${root}/content`, { changes: changes.slice(start, start + 50) });
  const merged = (await api.send('POST', `${root}/merge`))!;
  if (merged.result !== 'merge') throw new Error(`merging change request ${changeRequest.id as string} (${subject}) answered ${JSON.stringify(merged)}`);
}

async function listDocumentPages(api: RoundRobinApi, spaceId: string): Promise<{ id: string; path: string }[]> {
  const { pages } = (await api.send('GET', `/v1/spaces/${spaceId}/content/pages`)) as { pages: PageNode[] };
  const found: { id: string; path: string }[] = [];
  const walk = (nodes: PageNode[]) => {
    for (const node of nodes) {
      if (node.type === 'document') found.push({ id: node.id, path: node.path ?? '' });
      walk(node.pages ?? []);
    }
  };
  walk(pages);
  return found;
}

/** What one load worker knows: the space, its own pages to edit (no two workers edit one page), and a counter. */
interface Worker {
  index: number;
  api: RoundRobinApi;
  space: LoadSpace;
  ownPages: { id: string; path: string }[];
  round: number;
  random: () => number;
  /** The title each page this worker renamed must have now: the last rename's. */
  renamedTitles: Map<string, string>;
}

interface LoadOperation extends WeightedOperation<string> {
  run(worker: Worker): Promise<void>;
}

const anyPage = (worker: Worker) => worker.space.pages[Math.floor(worker.random() * worker.space.pages.length)]!;
const ownPage = (worker: Worker) => worker.ownPages[worker.round % worker.ownPages.length]!;

/** Edits a page of the worker's own through a change request: create, fill with one change, merge. */
async function changePage(worker: Worker, change: Record<string, unknown>): Promise<void> {
  const page = ownPage(worker);
  await mergeChanges(worker.api, worker.space.spaceId, `Load ${worker.index}.${worker.round}`, [{ operation: 'update_page', page: page.id, ...change }]);
  if (typeof change.title === 'string') worker.renamedTitles.set(page.id, change.title);
}

/**
 * The mix: reads weigh 90 and writes 10. Writes that edit pages go through change requests (3 requests each), as
 * every client edits content; each worker edits only its own pages, so concurrent merges never conflict.
 */
export const loadOperations: readonly LoadOperation[] = [
  { name: 'get page by id', writes: false, weight: 25, run: (w) => get(w, `/v1/spaces/${w.space.spaceId}/content/page/${anyPage(w).id}?format=markdown`) },
  { name: 'get page by path', writes: false, weight: 20, run: (w) => get(w, `/v1/spaces/${w.space.spaceId}/content/path/${anyPage(w).path}`) },
  { name: 'list pages', writes: false, weight: 10, run: (w) => get(w, `/v1/spaces/${w.space.spaceId}/content/pages`) },
  { name: 'list spaces', writes: false, weight: 10, run: (w) => get(w, `/v1/orgs/${w.space.organizationId}/spaces`) },
  { name: 'get revision', writes: false, weight: 10, run: (w) => get(w, `/v1/spaces/${w.space.spaceId}/revisions/${w.space.revisionId}`) },
  { name: 'get published site', writes: false, weight: 10, run: (w) => get(w, `/v1/orgs/${w.space.organizationId}/sites/${w.space.siteId}/published`) },
  { name: 'list change requests', writes: false, weight: 5, run: (w) => get(w, `/v1/spaces/${w.space.spaceId}/change-requests`) },
  {
    name: 'edit a page (CR: create, update, merge)',
    writes: true,
    weight: 4,
    run: (w) => changePage(w, { document: { markdown: `Edited by worker ${w.index} in round ${w.round}.\n\nStill a page of the mixed load.\n` } }),
  },
  { name: 'rename a page (CR: create, update, merge)', writes: true, weight: 2, run: (w) => changePage(w, { title: `Page renamed ${w.index}.${w.round}` }) },
  { name: 'create a space', writes: true, weight: 2, run: async (w) => void (await w.api.send('POST', `/v1/orgs/${w.space.organizationId}/spaces`, { title: `Load space ${w.index}.${w.round}` })) },
  { name: 'rename a space', writes: true, weight: 2, run: async (w) => void (await w.api.send('PATCH', `/v1/spaces/${w.space.spaceId}`, { title: `Mixed load ${w.index}.${w.round}` })) },
];

async function get(worker: Worker, path: string): Promise<void> {
  await worker.api.send('GET', path, undefined, [200]);
}

export interface MixedLoadResult {
  seconds: number;
  operations: number;
  perOperation: { name: string; writes: boolean; latency: LatencySummary; errors: number }[];
  overall: LatencySummary;
  reads: LatencySummary;
  writes: LatencySummary;
  errors: number;
  /** The first errors' messages (method, path, status and body), at most 20. */
  errorSamples: string[];
  /** Renamed pages, and those whose title read through some process after the load was not the last rename's. */
  renamedPages: number;
  lostRenames: string[];
}

/**
 * Runs the mix for `seconds` from `connections` workers, each sending one operation at a time (a composite write
 * waits for each of its requests), and times every operation. An operation whose request answers another status
 * than expected, or whose merge does not merge, counts as an error and is not timed.
 *
 * @example
 * const result = await runMixedLoad(api, space, { seconds: 120, connections: 8, seed: 1 });
 */
export async function runMixedLoad(api: RoundRobinApi, space: LoadSpace, options: { seconds: number; connections: number; seed: number }): Promise<MixedLoadResult> {
  const latencies = new Map<string, number[]>(loadOperations.map((operation) => [operation.name, []]));
  const errorCounts = new Map<string, number>(loadOperations.map((operation) => [operation.name, 0]));
  const errorSamples: string[] = [];
  const renamedTitles = new Map<string, string>();
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const work = async (index: number) => {
    const random = seededRandom(options.seed + index).next;
    const pick = operationPicker(loadOperations, random);
    const worker: Worker = { index, api, space, ownPages: space.pages.filter((_, at) => at % options.connections === index), round: 0, random, renamedTitles };
    while (performance.now() < deadline) {
      const operation = pick() as LoadOperation;
      worker.round++;
      const sent = performance.now();
      try {
        await operation.run(worker);
        latencies.get(operation.name)!.push(performance.now() - sent);
      } catch (error) {
        errorCounts.set(operation.name, errorCounts.get(operation.name)! + 1);
        if (errorSamples.length < 20) errorSamples.push(`${operation.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, index) => work(index)));
  const seconds = (performance.now() - started) / 1000;
  const of = (writes: boolean) => loadOperations.filter((operation) => operation.writes === writes).flatMap((operation) => latencies.get(operation.name)!);
  const errors = [...errorCounts.values()].reduce((sum, count) => sum + count, 0);
  const lostRenames = await findLostRenames(api, space.spaceId, renamedTitles);
  return {
    seconds,
    operations: [...latencies.values()].reduce((sum, list) => sum + list.length, 0) + errors,
    perOperation: loadOperations.map((operation) => ({ name: operation.name, writes: operation.writes, latency: summarizeLatencies(latencies.get(operation.name)!), errors: errorCounts.get(operation.name)! })),
    overall: summarizeLatencies([...latencies.values()].flat()),
    reads: summarizeLatencies(of(false)),
    writes: summarizeLatencies(of(true)),
    errors,
    errorSamples,
    renamedPages: renamedTitles.size,
    lostRenames,
  };
}

/**
 * Reads the page list once through each process and answers the renamed pages whose title is not the last
 * rename's: an update lost between concurrent merges, or a process serving a stale revision.
 */
async function findLostRenames(api: RoundRobinApi, spaceId: string, renamedTitles: ReadonlyMap<string, string>): Promise<string[]> {
  const lost: string[] = [];
  for (let process = 0; process < api.origins.length; process++) {
    const { pages } = (await api.send('GET', `/v1/spaces/${spaceId}/content/pages`)) as { pages: PageNode[] };
    const titles = new Map<string, string>();
    const walk = (nodes: PageNode[]) => nodes.forEach((node) => (titles.set(node.id, node.title ?? ''), walk(node.pages ?? [])));
    walk(pages);
    for (const [id, title] of renamedTitles) if (titles.get(id) !== title) lost.push(`page ${id}: "${titles.get(id)}" instead of "${title}"`);
  }
  return lost;
}
