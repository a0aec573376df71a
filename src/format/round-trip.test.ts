import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusSkipReason, corpusTitle } from '../../test/support/corpus.ts';
import { allRepositories, asText, corpusBundle, loadFiles } from '../../test/support/repositories.ts';
import { bundleFromJson, bundleToJson } from './bundle-json.ts';
import { gitBlobOid } from './git-oid.ts';
import { readDirectory } from './read-directory.ts';
import { writeDirectory } from './write-directory.ts';
import { flattenPages } from '../model/page-tree.ts';

// docs/format.md, "What Quire promises" 1 and 2, on the golden corpus (when it is there) and every fixture repository.
describe.each(Object.entries(allRepositories))('round trip of %s', (_name, path) => {
  it('directory → bundle → directory gives the same bytes', async () => {
    const files = await loadFiles(path);
    const { bundle, diagnostics } = readDirectory(files);
    expect(diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(asText(writeDirectory(bundle))).toEqual(asText(files));
  });

  it('directory → bundle file (JSON) → directory gives the same bytes', async () => {
    const files = await loadFiles(path);
    const { bundle } = readDirectory(files);
    const written = writeDirectory(bundleFromJson(bundleToJson(bundle)));
    expect([...written.keys()].sort()).toEqual([...files.keys()].sort());
    for (const [file, bytes] of files) expect(Buffer.compare(written.get(file)!, bytes), file).toBe(0);
  });

  it('revision → directory → revision is the identity, ids and git oids included', async () => {
    const { bundle } = readDirectory(await loadFiles(path), { createdAt: '2026-01-01T00:00:00.000Z' });
    const again = readDirectory(writeDirectory(bundle), { createdAt: '2026-01-01T00:00:00.000Z' }).bundle;
    expect(again).toEqual(bundle);
    const withHint = readDirectory(writeDirectory(bundle), { previous: bundle, createdAt: '2026-01-01T00:00:00.000Z' }).bundle;
    expect(withHint).toEqual(bundle);
  });

  it('records the git blob oid and path of every page, file and reusable content', async () => {
    const files = await loadFiles(path);
    const { revision } = readDirectory(files).bundle;
    const blobs = [
      ...flattenPages(revision.pages).flatMap((page) => (page.type === 'document' ? [page.git] : [])),
      ...revision.files.map((file) => file.git),
      ...revision.reusableContents.map((reusable) => reusable.git),
    ];
    expect(blobs.length).toBeGreaterThan(0);
    for (const blob of blobs) {
      expect(blob).toBeDefined();
      expect(blob!.oid).toBe(gitBlobOid(files.get(blob!.path)!));
    }
  });
});

describe.skipIf(corpusSkipReason !== undefined)(corpusTitle('the corpus history'), () => {
  let clone: string | undefined;
  afterAll(() => {
    if (clone) rmSync(clone, { recursive: true, force: true });
  });

  it('round-trips at every one of its commits, and git agrees with our blob oids', async () => {
    clone = mkdtempSync(join(tmpdir(), 'quire-corpus-'));
    execFileSync('git', ['clone', '--quiet', corpusBundle, clone]);
    const commits = execFileSync('git', ['-C', clone, 'rev-list', '--reverse', 'HEAD'], { encoding: 'utf8' }).trim().split('\n');
    expect(commits.length).toBeGreaterThan(20);
    for (const commit of commits) {
      const listing = execFileSync('git', ['-C', clone, 'ls-tree', '-r', '-z', commit], { encoding: 'utf8' }).split('\0').filter(Boolean);
      const files = new Map<string, Uint8Array>();
      const oids = new Map<string, string>();
      for (const line of listing) {
        const [, , , oid, path] = /^(\d+) (\w+) (\w+)\t(.*)$/s.exec(line)!;
        files.set(path!, new Uint8Array(execFileSync('git', ['-C', clone, 'cat-file', 'blob', oid!])));
        oids.set(path!, oid!);
      }
      const { bundle } = readDirectory(files);
      const written = writeDirectory(bundle);
      expect(asText(written), `commit ${commit}`).toEqual(asText(files));
      for (const page of flattenPages(bundle.revision.pages)) {
        if (page.type === 'document') expect(page.git?.oid, page.git?.path).toBe(oids.get(page.git!.path));
      }
    }
  });
});
