// bench/change-request: the cost of filling one change request in many batches (issue 12: "filling one change
// request with 200 batches: the last batch costs 10× the first"). Each batch inserts `pages` pages with a short
// body and a link; the figures are the CPU and wall time of the first and last ten batches, through the HTTP
// routes (fastify inject, one process), then the merge. The quickest batch of each window is printed too: on a
// busy machine the means move with whatever else runs, the quickest much less.
// With --under-parent the pages go under one page of the space rather than at the root (a section of 10,000
// children: the same list growth one level down).
// Usage: npx tsx bench/change-request/run.ts [batches=200] [pages=50] [--under-parent]
import { cpus, totalmem } from 'node:os';
import { startTestApp } from '../../src/server/test-app.fixture.ts';

const positional = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const underParent = process.argv.includes('--under-parent');
const batches = Number(positional[0] ?? 200);
const pagesPerBatch = Number(positional[1] ?? 50);

const t = await startTestApp();
try {
  const space = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Batches' } })).body;
  let into: string | undefined;
  if (underParent) {
    const setup = (await t.call('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'section' } })).body;
    const made = await t.call('POST', `/v1/spaces/${space.id}/change-requests/${setup.id}/content`, {
      body: { changes: [{ operation: 'insert_page', title: 'Section', document: { markdown: 'The section.\n' } }] },
    });
    if (made.status !== 200) throw new Error(`section: ${made.status}`);
    await t.call('POST', `/v1/spaces/${space.id}/change-requests/${setup.id}/merge`, {});
    into = (await t.call('GET', `/v1/spaces/${space.id}/content`)).body.pages?.[0]?.id;
    if (into === undefined) throw new Error('the section page was not created');
  }
  const changeRequest = (await t.call('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'fill' } })).body;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let batch = 0; batch < batches; batch++) {
    const changes = Array.from({ length: pagesPerBatch }, (_, index) => ({
      operation: 'insert_page',
      ...(into === undefined ? {} : { into }),
      title: `Page ${batch}-${index}`,
      document: { markdown: `Body of page ${batch}-${index}.\n\nSee [the first page](README.md) and [elsewhere](https://example.com).\n` },
    }));
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const answer = await t.call('POST', `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`, { body: { changes } });
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    if (answer.status !== 200) throw new Error(`batch ${batch + 1}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    if ((batch + 1) % 50 === 0) process.stderr.write(`  ${batch + 1}/${batches} batches\n`);
  }
  const mergeStarted = performance.now();
  const merged = await t.call('POST', `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`, {});
  const mergeMs = performance.now() - mergeStarted;
  if (merged.status !== 200) throw new Error(`merge: ${merged.status}`);

  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const window = Math.min(10, batches);
  const [cpuFirst, cpuLast] = [mean(cpu.slice(0, window)), mean(cpu.slice(-window))];
  const [wallFirst, wallLast] = [mean(wall.slice(0, window)), mean(wall.slice(-window))];
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  console.log(`${batches} batches × ${pagesPerBatch} pages into one change request (${batches * pagesPerBatch} pages, ${into === undefined ? 'at the root' : 'under one page'})`);
  console.log(`                 first ${window}    last ${window}    last/first`);
  console.log(`CPU per batch    ${cpuFirst.toFixed(1).padStart(7)} ms ${cpuLast.toFixed(1).padStart(7)} ms   ${(cpuLast / cpuFirst).toFixed(2)}×`);
  console.log(`wall per batch   ${wallFirst.toFixed(1).padStart(7)} ms ${wallLast.toFixed(1).padStart(7)} ms   ${(wallLast / wallFirst).toFixed(2)}×`);
  // The quickest batch of each window: what a batch costs when nothing else on the machine got in its way.
  const [cpuMinFirst, cpuMinLast] = [Math.min(...cpu.slice(0, window)), Math.min(...cpu.slice(-window))];
  console.log(`CPU, quickest    ${cpuMinFirst.toFixed(1).padStart(7)} ms ${cpuMinLast.toFixed(1).padStart(7)} ms   ${(cpuMinLast / cpuMinFirst).toFixed(2)}×`);
  console.log(`all batches: ${(mean(wall) * batches / 1000).toFixed(1)} s wall; merge: ${mergeMs.toFixed(0)} ms`);
} finally {
  await t.close();
}
