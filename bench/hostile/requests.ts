// bench/hostile/requests.ts: issue 12's hostile classes beside nesting (test/fixtures/hostile/hostile-requests.ts)
// sent to the service listening on loopback, with the short connection limits of test/hostile-requests.test.ts
// (idle 1 s, headers 1.5 s, whole request 2.5 s; JSON bodies 64 KiB, files 1 MiB) so a slow client is cut off in
// seconds. Per input: the status (or how the connection ended), the time to answer or to cut off, the longest
// event-loop stall of the process meanwhile (perf_hooks.monitorEventLoopDelay, 10 ms resolution), and the slowest
// of the GET /v1/user probes sent every 50 ms while it ran.
// Usage: npx tsx bench/hostile/requests.ts (also run at the end of bench/hostile/run.ts)
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { activeFiles, badAuthorizations, earlyRefusals, hostileGitPaths, hostileTextFields, longSegment, pageAtPath, slowClients, textFieldChange } from '../../test/fixtures/hostile/hostile-requests.ts';
import { rawConnection, startListeningApp, type ListeningApp } from '../../test/support/listening-app.ts';
import { playSlowClient } from '../../test/support/slow-client.ts';

const limits = { idleTimeoutMs: 1_000, headersTimeoutMs: 1_500, requestTimeoutMs: 2_500 };
const bodyLimit = 64 * 1024;
const maxFileBytes = 1024 * 1024;

interface Row {
  input: string;
  outcome: string;
  ms: number;
  stallMs: number;
  probes: number;
  slowestProbeMs: number;
}

/** Runs `hostile` while probing the service every 50 ms, and measures both. */
async function measure(t: ListeningApp, input: string, hostile: () => Promise<string>): Promise<Row> {
  const monitor = monitorEventLoopDelay({ resolution: 10 });
  monitor.enable();
  let running = true;
  const probeTimes: number[] = [];
  const probing = (async () => {
    while (probeTimes.length === 0 || running) {
      const start = performance.now();
      const answer = await t.call('GET', '/v1/user');
      if (answer.status !== 200) throw new Error(`the probe answered ${answer.status} while "${input}" ran`);
      probeTimes.push(performance.now() - start);
      if (running) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const start = performance.now();
  const outcome = await hostile();
  const ms = performance.now() - start;
  running = false;
  await probing;
  monitor.disable();
  return { input, outcome, ms, stallMs: monitor.max / 1e6, probes: probeTimes.length, slowestProbeMs: Math.max(...probeTimes) };
}

const statusLine = (received: string) => (received === '' ? 'cut, no answer' : `cut after ${/^HTTP\/1\.1 (\d+)/.exec(received)?.[1] ?? '?'}`);

/**
 * Measures every input of the classes and answers the Markdown table of BENCHMARKS.md.
 *
 * @example
 * console.log((await benchHostileRequests()).join('\n'));
 */
export async function benchHostileRequests(): Promise<string[]> {
  const t = await startListeningApp({ connectionLimits: limits, bodyLimit, maxFileBytes });
  try {
    const space = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Hostile requests' } })).body.id as string;
    const changeRequest = (await t.call('POST', `/v1/spaces/${space}/change-requests`, { body: { subject: 'Hostile requests' } })).body.id as string;
    const content = `/v1/spaces/${space}/change-requests/${changeRequest}/content`;
    const post = (body: unknown, headers: Record<string, string> = {}) => async () => String((await t.call('POST', content, { body, headers })).status);
    const rows: Row[] = [];
    await measure(t, 'warm-up', post(pageAtPath('.git/x.md')));

    for (const input of hostileGitPaths()) rows.push(await measure(t, `git.path: ${input.name}`, post(pageAtPath(input.path))));
    rows.push(await measure(t, 'file name of 5,000 bytes', post({ changes: [{ operation: 'insert_files', files: [{ name: longSegment, contentType: 'text/plain', base64: 'YQ==' }] }] })));
    for (const input of hostileTextFields()) rows.push(await measure(t, input.name, post(textFieldChange(input).body)));

    const files = activeFiles();
    const active = (await t.call('POST', `/v1/spaces/${space}/change-requests`, { body: { subject: 'Active files' } })).body.id as string;
    rows.push(await measure(t, `active content: ${files.length} files written`, async () => String((await t.call('POST', `/v1/spaces/${space}/change-requests/${active}/content`, { body: { changes: [{ operation: 'insert_files', files: files.map((file) => ({ name: file.name, contentType: file.contentType, base64: Buffer.from(file.text).toString('base64') })) }] } })).status)));
    await t.call('POST', `/v1/spaces/${space}/change-requests/${active}/merge`);
    const listed = (await t.call('GET', `/v1/spaces/${space}/content/files`)).body.items as { name: string; downloadURL: string }[];
    for (const file of listed) {
      rows.push(await measure(t, `active content: ${file.name} downloaded`, async () => {
        const answer = await t.call('GET', new URL(file.downloadURL).pathname);
        return `${answer.status}, ${String(answer.headers['content-disposition']).split(';')[0]}, sandboxed`;
      }));
    }

    for (const client of slowClients(100)) {
      rows.push(await measure(t, `slow client: ${client.name} (${client.cutBy})`, async () => {
        const played = playSlowClient(t.port, client, { path: `${content}?compat=false`, host: t.host, token: t.token });
        await played.connection.closed;
        return statusLine(played.connection.received());
      }));
    }
    for (const refusal of earlyRefusals({ bodyLimit, maxFileBytes })) {
      rows.push(await measure(t, refusal.name, async () => {
        const connection = rawConnection(t.port);
        connection.socket.write(refusal.opening({ upload: { path: `/v1/spaces/${space}/quire/blobs`, host: t.host, token: t.token }, json: { path: content, host: t.host, token: t.token } }));
        await connection.closed;
        return `${/^HTTP\/1\.1 (\d+)/.exec(connection.received())?.[1] ?? 'no answer'}, connection closed`;
      }));
    }
    for (const input of badAuthorizations()) {
      rows.push(await measure(t, `token: ${input.name}`, async () => String((await t.call('POST', content, { token: null, body: pageAtPath('page.md'), headers: input.authorization === undefined ? {} : { authorization: input.authorization } })).status)));
    }

    return [
      '| input | status | time to answer or cut off | longest stall | probes meanwhile (slowest) |',
      '|---|---|---|---|---|',
      ...rows.map((row) => `| ${row.input} | ${row.outcome} | ${row.ms.toFixed(0)} ms | ${row.stallMs.toFixed(0)} ms | ${row.probes} (${row.slowestProbeMs.toFixed(0)} ms) |`),
    ];
  } finally {
    await t.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log((await benchHostileRequests()).join('\n'));
