/**
 * The server of bench/sync/initial-import.ts, in its own process: a throwaway SQLite store under the folder given,
 * on a real socket (127.0.0.1). Prints one JSON line (`baseUrl`, `token`, `organizationId`) once it listens; on
 * SIGTERM, prints its peak RSS, the CPU time of the process (all threads, from its start), the requests it answered
 * and their bytes by route (request and response bodies), and exits.
 *
 *   npx tsx bench/sync/serve-child.ts <folder>
 */
import { join } from 'node:path';
import { buildApp, listen } from '../../src/server/index.ts';
import { bootstrap } from '../../src/service/index.ts';
import { openStore } from '../../src/store/index.ts';

const folder = process.argv[2];
if (folder === undefined) throw new Error('usage: serve-child.ts <folder>');
const store = await openStore({ kind: 'sqlite', directory: join(folder, 'store') });
const admin = await bootstrap(store);
const app = await buildApp({ store, logger: false });
const traffic = new Map<string, { requests: number; requestBytes: number; responseBytes: number; ms: number }>();
app.addHook('onResponse', async (request, reply) => {
  const route = `${request.method} ${request.routeOptions.url ?? '?'}`;
  const entry = traffic.get(route) ?? { requests: 0, requestBytes: 0, responseBytes: 0, ms: 0 };
  entry.requests += 1;
  entry.requestBytes += Number(request.headers['content-length'] ?? 0);
  entry.responseBytes += Number(reply.getHeader('content-length') ?? 0);
  entry.ms += reply.elapsedTime;
  traffic.set(route, entry);
});
const baseUrl = await listen(app, { port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ baseUrl, token: admin.token, organizationId: admin.organization.id })}\n`);
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await store.close();
    const usage = process.resourceUsage();
    const cpuMs = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
    process.stdout.write(`${JSON.stringify({ maxRssMb: Math.round(usage.maxRSS / 1024), cpuMs, traffic: Object.fromEntries(traffic) })}\n`);
    process.exit(0);
  })();
});
