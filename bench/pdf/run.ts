// bench/pdf: one print of a change request of `pages` pages (issue 14), through the routes (fastify inject, one
// process) with the app's own Chromium printer: the first print (Chromium starts), a print of the next revision
// (the browser is warm), the cache hit, and the memory of Chromium's processes (RSS summed over the browser and its
// children, sampled every 50 ms while printing). Needs /usr/bin/chromium (or QUIRE_CHROMIUM).
// Usage: npx tsx bench/pdf/run.ts [pages=20]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gradientPng } from '../../src/export/export-site-fixture.ts';
import { startTestApp } from '../../src/server/test-app.fixture.ts';

const pages = Number(process.argv[2] ?? 20);
const t = await startTestApp({ pdf: { ...(process.env.QUIRE_CHROMIUM ? { executablePath: process.env.QUIRE_CHROMIUM } : {}) } });

/** Proportional set size (shared pages split between the processes that map them) of one process, in KiB. */
function pssKiB(pid: string): number {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Memory in MiB of every process under this one whose command is Chromium's: PSS where /proc has it (RSS summed
 * over Chromium's processes counts its shared libraries once per process), else RSS.
 */
function chromiumRssMiB(): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,comm='], { encoding: 'utf8' }).trim().split('\n').map((line) => line.trim().split(/\s+/));
  const children = new Map<string, string[][]>();
  for (const row of rows) children.set(row[1]!, [...(children.get(row[1]!) ?? []), row]);
  let kib = 0;
  const walk = (pid: string) => {
    for (const row of children.get(pid) ?? []) {
      if (/chrom/i.test(row[3] ?? '')) kib += pssKiB(row[0]!) || Number(row[2]);
      walk(row[0]!);
    }
  };
  walk(String(process.pid));
  return kib / 1024;
}

async function timed(url: string): Promise<{ ms: number; peakMiB: number; url: string }> {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, chromiumRssMiB())), 50);
  const started = performance.now();
  const answer = await t.call('GET', url);
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { ms, peakMiB: Math.max(peak, chromiumRssMiB()), url: answer.body.url };
}

try {
  const space = (await t.call('POST', `/v1/orgs/${t.organizationId}/spaces`, { body: { title: 'Bench' } })).body;
  const cr = (await t.call('POST', `/v1/spaces/${space.id}/change-requests`, { body: { subject: 'Twenty pages' } })).body;
  const content = `/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`;
  const image = Buffer.from(gradientPng(480, 240, [20, 90, 200], [240, 200, 40])).toString('base64');
  const changes: unknown[] = [{ operation: 'insert_files', files: [{ ref: 'diagram.png', name: 'diagram.png', contentType: 'image/png', base64: image }] }];
  for (let index = 0; index < pages; index++) {
    const paragraphs = Array.from({ length: 6 }, (_, p) => `Paragraph ${p + 1} of page ${index + 1}: the service keeps documentation in Git and publishes it; this text fills the page the way a guide does.`).join('\n\n');
    changes.push({
      operation: 'insert_page',
      title: `Page ${index + 1}`,
      document: { markdown: `${paragraphs}\n\n![Diagram](./diagram.png)\n\n\`\`\`ts\nconst page = ${index + 1};\nconsole.log(page);\n\`\`\`\n\n| key | value |\n| --- | --- |\n| page | ${index + 1} |\n| kind | bench |\n` },
    });
  }
  const written = await t.call('POST', content, { body: { changes } });
  if (written.status !== 200) throw new Error(`write: ${written.status} ${JSON.stringify(written.body).slice(0, 300)}`);
  const pdfPath = `/v1/spaces/${space.id}/change-requests/${cr.id}/pdf`;

  const cold = await timed(pdfPath);
  const cached = await timed(pdfPath);
  await t.call('POST', content, { body: { changes: [{ operation: 'insert_page', title: 'One more', document: { markdown: 'Added.\n' } }] } });
  const warm = await timed(pdfPath);
  const bytes = (await t.app.inject({ method: 'GET', url: new URL(warm.url).pathname, headers: { authorization: `Bearer ${t.admin.token}` } })).rawPayload.length;
  console.log(`pages ${pages}: first print (Chromium starts) ${Math.round(cold.ms)} ms, peak Chromium PSS ${Math.round(cold.peakMiB)} MiB`);
  console.log(`next revision (browser warm) ${Math.round(warm.ms)} ms, peak Chromium PSS ${Math.round(warm.peakMiB)} MiB, PDF ${Math.round(bytes / 1024)} KiB`);
  console.log(`cache hit ${Math.round(cached.ms)} ms`);
  console.log(`Chromium PSS after the prints (idle browser) ${Math.round(chromiumRssMiB())} MiB`);
} finally {
  await t.close();
}
