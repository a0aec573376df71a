// bench/export: loads the mixed site of N pages into a `quire serve` data folder and leaves it there, so the export
// can be run again and again against `quire serve --data <folder>/service` (memory and start-up work, issue 17).
// Usage: npx tsx bench/export/load-mixed-service.ts <pages> <folder>   prints the site id, the API origin and token.
import { join, resolve } from 'node:path';
import { runQuire, startServe } from '../../test/support/serve-process.ts';
import { generateMixedSite } from './generate-mixed-site.ts';
import { writeSiteRepository } from './site-repository.ts';

const pages = Number(process.argv[2] ?? 1000);
const base = resolve(process.argv[3] ?? `bench/.out/mixed-service-${pages}`);
const spaces = generateMixedSite(pages);
const site = join(base, 'site');
await writeSiteRepository(site, spaces);

const quire = async (args: string[]): Promise<string> => {
  const run = await runQuire(args);
  if (run.code !== 0) throw new Error(`quire ${args.join(' ')} exited ${run.code}: ${run.stderr.slice(0, 2000)}`);
  return run.stdout;
};
const served = await startServe(['--data', join(base, 'service')]);
const api = ['--api', new URL(served.baseUrl).origin, '--token', served.token];
try {
  const ids: string[] = [];
  for (const space of spaces) {
    const id = (JSON.parse(await quire(['spaces', 'create', '--title', space.title, '--json', ...api])) as { id: string }).id;
    await quire(['sync', '--dir', join(site, space.folder), '--space', id, '--direction', 'git-to-space', ...api]);
    ids.push(id);
  }
  const siteId = (JSON.parse(await quire(['sites', 'create', '--title', 'Mixed handbook', ...ids.flatMap((id) => ['--space', id]), '--json', ...api])) as { id: string }).id;
  await quire(['sites', 'publish', siteId, ...api]);
  console.log(JSON.stringify({ siteId, data: join(base, 'service'), site, token: served.token }));
} finally {
  served.child.kill('SIGINT');
  await served.exited;
}
