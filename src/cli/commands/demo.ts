import fs from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApiClient } from '../../client/index.ts';
import { exportSite, fetchExportSite, formatExportSummary, siteIntegrationBlockLoader, siteOpenAPILoader } from '../../export/index.ts';
import { readDirectoryFiles } from '../../disk/directory-files.ts';
import { packageFile } from '../../disk/package-root.ts';
import { changedPaths, initRepository, readCommit, writeCommit } from '../../git/index.ts';
import { defaultMessagePrefix, describeResult, runSync, type SyncContext } from '../../sync/index.ts';
import { startEmbeddedService } from '../embedded-service.ts';
import { exitCodes } from '../exit-codes.ts';
import type { Terminal } from '../terminal.ts';
import { convert } from './convert.ts';

/** The sample repository the demo works on, written by us. */
export const sampleRepository = packageFile('fixtures/repositories/handbook');
/** A sample without groups, link pages or computed pages, for a server that cannot create those yet. */
const plainSampleRepository = packageFile('fixtures/repositories/hand-written');

/**
 * `quire demo`: the main job on the embedded default, end to end. First the format: the sample repository becomes
 * a revision bundle and is written back, byte for byte. Then sync: the embedded service starts in this process,
 * the sample (as a fresh Git repository) is synced into a new space, a page is edited through the API in a change
 * request, and the edit is synced back as a commit. Last, a site of the space is published and exported as a
 * static bundle. It says where to look at each step.
 */
export async function demo(options: { out: string }, terminal: Terminal): Promise<number> {
  const bundlePath = join(options.out, 'handbook.json');
  const directory = join(options.out, 'handbook');
  terminal.out(`Quire demo: the sample repository ${sampleRepository}\n\n`);

  terminal.out('1. Read the repository into a revision bundle (pages, files, reusable content, git oids)\n   ');
  let code = await convert(sampleRepository, bundlePath, {}, terminal);
  if (code !== exitCodes.ok) return code;

  terminal.out('2. Write the bundle back out as a Git Sync directory\n   ');
  code = await convert(bundlePath, directory, { force: true }, terminal);
  if (code !== exitCodes.ok) return code;

  const original = (await readDirectoryFiles(sampleRepository)).files;
  const written = (await readDirectoryFiles(directory)).files;
  const same = original.size === written.size && [...original].every(([path, bytes]) => written.has(path) && Buffer.compare(written.get(path)!, bytes) === 0);
  terminal.out(`3. Compare: ${same ? `all ${original.size} files are byte for byte the same` : 'the files DIFFER (this is a bug, please report it)'}\n\n`);
  if (!same) return exitCodes.unexpected;
  return syncDemo(resolve(options.out), terminal);
}

async function syncDemo(out: string, terminal: Terminal): Promise<number> {
  const data = join(out, 'service');
  const repoDir = join(out, 'repository');
  await rm(repoDir, { recursive: true, force: true });
  const service = await startEmbeddedService(data);
  const client = createApiClient({ baseUrl: service.baseUrl, token: service.token, userAgent: 'quire-demo/0.1.0' });
  try {
    const extensions = (await client.getQuireServerInfo())?.extensions ?? [];
    const sample = extensions.includes('page-kinds') ? sampleRepository : plainSampleRepository;
    terminal.out(`4. Start the embedded service (data in ${data}) at ${service.baseUrl}/v1\n`);
    if (sample !== sampleRepository) {
      terminal.out('   This server cannot create groups, link pages or computed pages yet (extension page-kinds), which the handbook has:\n');
      terminal.out(`   the sync part of the demo uses ${sample} instead.\n`);
    }

    const repo = await initRepository({ fs, dir: repoDir });
    const files = (await readDirectoryFiles(sample)).files;
    const author = { name: 'Demo Writer', email: 'writer@example.com', timestamp: Math.floor(Date.now() / 1000), timezoneOffset: 0 };
    const first = await writeCommit(repo, { parent: null, changes: { write: files }, author, message: 'Import the sample documentation', ref: 'main', checkout: true });
    terminal.out(`5. Make a Git repository of it: ${repoDir} (${files.size} files, commit ${first.slice(0, 7)})\n`);

    const space = await client.createSpace(service.organizationId, { title: 'Quire demo' });
    const context: SyncContext = { client, repo, spaceId: space.id, options: { direction: 'both', prefix: '', ref: 'refs/heads/main', messagePrefix: defaultMessagePrefix } };
    const imported = await runSync(context, { dryRun: false });
    terminal.out(`6. quire sync, Git → space ${space.id}:\n${indent(describeResult(imported.result))}`);
    if (!imported.result.ok) return exitCodes.unexpected;

    const pages = await client.listPages({ spaceId: space.id });
    const first_page = pages.find((page) => page.type === 'document' && page.git?.path === 'README.md');
    if (first_page === undefined) throw new Error('the space has no README.md page');
    const changeRequest = await client.createChangeRequest(space.id, { subject: 'Welcome readers from the service' });
    const live = await client.getRevisionDirectory(space.id, (await client.getSpace(space.id)).revision);
    const readme = Buffer.from(live.files['README.md'] ?? '', 'base64').toString('utf8');
    await client.updateChangeRequestContent(space.id, changeRequest.id, [
      { operation: 'update_page', page: first_page.id, document: { markdown: `${readme.trimEnd()}\n\nThis line was written in the service, through the API.\n` } },
    ]);
    await client.mergeChangeRequest(space.id, changeRequest.id);
    terminal.out(`7. Edit README.md through the API: change request #${changeRequest.number} "Welcome readers from the service", merged\n`);

    const exported = await runSync(context, { dryRun: false });
    terminal.out(`8. quire sync, space → Git:\n${indent(describeResult(exported.result))}`);
    if (!exported.result.ok || exported.result.commits.length !== 1) return exitCodes.unexpected;
    const commit = await readCommit(repo, exported.result.commits[0]!);
    const touched = (await changedPaths(repo, commit.parents[0]!, commit.oid)).map((change) => change.path);
    terminal.out(`   commit ${commit.oid.slice(0, 7)} "${commit.subject}" by ${commit.author.name}, one parent, changes ${touched.join(', ')}\n\n`);

    const site = await client.createSite(service.organizationId, { title: 'Quire demo', visibility: 'public' });
    await client.addSpaceToSite(service.organizationId, site.id, space.id);
    await client.publishSite(service.organizationId, site.id);
    terminal.out(`9. Publish a site of the space: site ${site.id}, published\n`);
    const siteDir = join(out, 'site');
    await rm(siteDir, { recursive: true, force: true });
    const siteContent = await fetchExportSite(client, { organizationId: service.organizationId, siteId: site.id });
    const loadOpenAPIDocument = siteOpenAPILoader(client, service.organizationId, siteContent);
    const renderIntegrationBlock = siteIntegrationBlockLoader(client, service.organizationId);
    const summary = await exportSite(siteContent, { outDir: siteDir, loadOpenAPIDocument, renderIntegrationBlock });
    terminal.out(`10. quire export of the site:\n${indent(formatExportSummary(summary))}\n`);

    terminal.out(whereToLook({ siteDir, repoDir, data, spaceId: space.id, siteId: site.id, again: join(out, 'site-again') }));
    return exitCodes.ok;
  } finally {
    await client.close();
    await service.close();
  }
}

/**
 * The closing list of the demo: the exported site as a file URL to open in any browser, and commands that each
 * work when pasted into a shell in the folder the demo ran from (the clone: `npx quire` runs its bin/quire.js).
 * Paths under the working folder are printed relative to it.
 */
export function whereToLook(at: { siteDir: string; repoDir: string; data: string; spaceId: string; siteId: string; again: string }): string {
  const path = (absolute: string) => shellWord(relative(process.cwd(), absolute).startsWith('..') ? absolute : relative(process.cwd(), absolute) || '.');
  const data = path(at.data);
  const rows: Array<[string, string]> = [
    [`npx quire spaces list --data ${data}`, `the space the sample was synced into (${at.spaceId})`],
    [`npx quire sites list --data ${data}`, `the published site of it (${at.siteId})`],
    [`npx quire export --site ${at.siteId} --data ${data} --out ${path(at.again)}`, 'export the site again'],
    [`npx quire sync --dir ${path(at.repoDir)} --data ${data} --space ${at.spaceId}`, 'sync again (nothing to do)'],
    [`git -C ${path(at.repoDir)} log --stat`, 'the import commit and the commit made from the space'],
    [`cat ${path(`${at.repoDir}/README.md`)}`, 'the line written in the service'],
  ];
  const width = Math.max(...rows.map(([command]) => command.length));
  return (
    'Where to look:\n' +
    `  ${pathToFileURL(join(at.siteDir, 'index.html')).href}\n` +
    '      the exported site: open it in a browser, from the disk; search works offline\n' +
    rows.map(([command, what]) => `  ${command.padEnd(width)}   ${what}\n`).join('')
  );
}

/** `word` as one shell word: as it is when it needs no quoting, else in single quotes. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

function indent(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => `   ${line}\n`)
    .join('');
}
