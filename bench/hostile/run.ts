// bench/hostile: each class of hostile input (test/fixtures/hostile) where it enters Quire: through the service
// (written in a change request, then read back as a JSON document), through the format's reader (a repository
// holding the page, as sync reads it) and through export's renderer. For the service, the time it took to answer
// and the longest event-loop stall while it worked (perf_hooks.monitorEventLoopDelay, 10 ms resolution): the
// stall is what every other request waited.
// Usage: npx tsx bench/hostile/run.ts [times=10000]
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { request } from 'undici';
import { readDirectory } from '../../src/format/read-directory.ts';
import { oneSpaceSite, spaceBundle } from '../../src/render/inline-site-fixture.ts';
import { planSite } from '../../src/render/plan-site.ts';
import { renderSitePage } from '../../src/render/render-site-page.ts';
import { buildApp } from '../../src/server/build-app.ts';
import { bootstrap } from '../../src/service/index.ts';
import { openStore } from '../../src/store/index.ts';
import { costlyMarkdown, deepJson, deepSchema, hostileMarkdown } from '../../test/fixtures/hostile/hostile-inputs.ts';
import { benchHostileRequests } from './requests.ts';

const times = Number(process.argv[2] ?? 10_000);
const data = mkdtempSync(join(tmpdir(), 'quire-bench-hostile-'));
const encoder = new TextEncoder();

interface Measured {
  status: number;
  ms: number;
  stallMs: number;
  body: string;
}

const store = await openStore({ kind: 'sqlite', directory: data });
const { token, organization } = await bootstrap(store);
const app = await buildApp({ store });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });

/** One request over loopback, timed, with the longest event-loop stall of this process while it was answered. */
async function measure(method: 'GET' | 'POST' | 'PUT', path: string, body?: string): Promise<Measured> {
  const monitor = monitorEventLoopDelay({ resolution: 10 });
  monitor.enable();
  const start = performance.now();
  const response = await request(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.body.text();
  const ms = performance.now() - start;
  monitor.disable();
  return { status: response.statusCode, ms, stallMs: monitor.max / 1e6, body: text };
}

function timed<T>(work: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = work();
  return { value, ms: performance.now() - start };
}

const cell = (measured: Measured) => `${measured.status}, ${measured.ms.toFixed(0)} ms, stall ${measured.stallMs.toFixed(0)} ms`;

try {
  const space = JSON.parse((await measure('POST', `/v1/orgs/${organization.id}/spaces`, JSON.stringify({ title: 'Hostile' }))).body).id as string;
  const changeRequest = JSON.parse((await measure('POST', `/v1/spaces/${space}/change-requests`, JSON.stringify({ subject: 'Hostile' }))).body).id as string;
  const site = JSON.parse((await measure('POST', `/v1/orgs/${organization.id}/sites`, JSON.stringify({ title: 'Hostile' }))).body).id as string;
  const content = `/v1/spaces/${space}/change-requests/${changeRequest}/content`;
  // The first conversion in a worker starts the worker: start it before measuring.
  const warm = await measure('POST', `${content}?compat=false`, JSON.stringify({ changes: [{ operation: 'insert_page', title: 'Warm', document: { markdown: `${'Warm up. '.repeat(500)}\n` } }] }));
  await measure('GET', `${content}/page/${JSON.parse(warm.body).changes[0].page.id}?format=document`);

  console.log(`Hostile content, ${times.toLocaleString('en')} deep; ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}\n`);
  console.log('| input | size | service: write (status, time, stall) | service: read as document | format read | export render |');
  console.log('|---|---|---|---|---|---|');
  for (const page of [...hostileMarkdown(times), costlyMarkdown(times)]) {
    const written = await measure('POST', `${content}?compat=false`, JSON.stringify({ changes: [{ operation: 'insert_page', title: page.name, document: { markdown: page.markdown } }] }));
    const pageId = JSON.parse(written.body).changes[0].page.id as string;
    const read = await measure('GET', `${content}/page/${pageId}?format=document`);
    const files = { 'README.md': '# Home\n', 'SUMMARY.md': '# Summary\n\n* [Home](README.md)\n* [Page](page.md)\n', 'page.md': `# Page\n\n${page.markdown}` };
    const formatRead = timed(() => readDirectory(new Map(Object.entries(files).map(([path, text]) => [path, encoder.encode(text)]))));
    const plan = planSite(oneSpaceSite(spaceBundle(files)));
    const rendered = timed(() => renderSitePage(plan, 1));
    console.log(`| ${page.name} | ${(page.markdown.length / 1024).toFixed(0)} KiB | ${cell(written)} | ${cell(read)} | ${formatRead.ms.toFixed(0)} ms | ${rendered.ms.toFixed(0)} ms |`);
  }

  const json = [
    { name: 'adaptive schema, 5,000 levels', method: 'PUT' as const, path: `/v1/orgs/${organization.id}/sites/${site}/adaptive-schema`, body: `{"jsonSchema":${deepSchema(2500)}}` },
    { name: 'customization value, 5,000 levels', method: 'PUT' as const, path: `/v1/orgs/${organization.id}/sites/${site}/customization`, body: `{"styling":${deepJson(5000)}}` },
    { name: 'page cover, 5,000 levels', method: 'POST' as const, path: content, body: `{"changes":[{"operation":"insert_page","title":"Cover","cover":${deepJson(5000)}}]}` },
    { name: 'page document, 5,000 levels', method: 'POST' as const, path: content, body: `{"changes":[{"operation":"insert_page","title":"Document","document":${deepJson(5000, { arrays: true })}}]}` },
    { name: 'frontmatter cover (YAML), 5,000 levels', method: 'POST' as const, path: content, body: JSON.stringify({ changes: [{ operation: 'insert_page', title: 'YAML', document: { markdown: `---\ncover: ${deepJson(5000, { arrays: true })}\n---\n# YAML\n` } }] }) },
  ];
  console.log('\n| JSON input | size | service (status, time, stall) |');
  console.log('|---|---|---|');
  for (const input of json) {
    const sent = await measure(input.method, input.path, input.body);
    console.log(`| ${input.name} | ${(input.body.length / 1024).toFixed(0)} KiB | ${cell(sent)} |`);
  }

  // A repository whose SUMMARY.md nests `times` levels deep, as sync reads it.
  const summaryFiles = new Map([['README.md', encoder.encode('# Home\n')]]);
  let summary = '# Summary\n\n* [Home](README.md)\n';
  for (let level = 0; level < times; level++) {
    summary += `${'  '.repeat(level)}* [Page ${level}](p${level}.md)\n`;
    summaryFiles.set(`p${level}.md`, encoder.encode(`# Page ${level}\n`));
  }
  summaryFiles.set('SUMMARY.md', encoder.encode(summary));
  const summaryRead = timed(() => readDirectory(summaryFiles));
  console.log(`\nSUMMARY.md nested ${times.toLocaleString('en')} deep (${(summary.length / 2 ** 20).toFixed(0)} MiB), format read: ${summaryRead.ms.toFixed(0)} ms, ${summaryRead.value.diagnostics.length} warning`);

  // Git paths, text fields, active content and hostile clients, on a service of their own with short limits.
  console.log(`\n${(await benchHostileRequests()).join('\n')}`);
} finally {
  await app.close();
  await store.close();
  rmSync(data, { recursive: true, force: true });
}
