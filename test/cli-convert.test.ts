import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { allRepositories, asText, loadFiles } from './support/repositories.ts';

/** The fields of a page in a revision bundle that these tests read (the published RevisionPage's). */
interface PageInBundle {
  git?: { path: string };
  pages?: PageInBundle[];
  cover?: unknown;
  tags?: unknown[];
  layout?: Record<string, unknown>;
  icon?: string;
}

const quire = fileURLToPath(new URL('../bin/quire.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'quire-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [quire, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('quire convert (the installed command, in a child process)', () => {
  it.each(Object.entries(allRepositories))('%s: directory → bundle → directory is byte for byte the same', async (name, path) => {
    const bundle = join(work, `${name}.json`);
    const out = join(work, name);
    const toBundle = run('convert', path, bundle);
    expect(toBundle.stderr).not.toMatch(/: error /);
    expect(toBundle.code).toBe(0);
    expect(toBundle.stdout).toMatch(/\d+ pages, \d+ files/);
    const back = run('convert', bundle, out);
    expect(back.code).toBe(0);
    expect(asText(await loadFiles(out))).toEqual(asText(await loadFiles(path)));
  });

  it("reads the current exporter's forms into the page model: dark covers, primary tags, layout presets, icons", () => {
    const bundlePath = join(work, 'current-style-model.json');
    const result = run('convert', allRepositories['current-style']!, bundlePath, '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).diagnostics.filter((entry: { severity: string }) => entry.severity === 'error')).toEqual([]);
    const bundle = JSON.parse(readFileSync(bundlePath, 'utf8'));
    const pages: PageInBundle[] = bundle.revision.pages.flatMap(function all(page: PageInBundle): PageInBundle[] {
      return [page, ...(page.pages ?? []).flatMap(all)];
    });
    const fileAt = (path: string) => bundle.revision.files.find((file: { git?: { path: string } }) => file.git?.path === path)?.id;
    const pageAt = (path: string) => pages.find((page) => page.git?.path === path)!;

    const home = pageAt('README.md');
    expect(home.cover).toEqual({ yPos: 0, ref: { kind: 'file', file: fileAt('.gitbook/assets/cover-light.png') }, refDark: { kind: 'file', file: fileAt('.gitbook/assets/cover-dark.png') } });
    expect(home.tags).toEqual([{ tag: { kind: 'tag', tag: 'new' }, primary: true }, { tag: { kind: 'tag', tag: 'billing' } }]);
    expect(home.layout).toMatchObject({ width: 'wide', cover: true, coverSize: 'hero', outline: false, tableOfContents: true });
    expect(home.icon).toBe('house');

    // In a subfolder, the map's paths are relative to the page file.
    const subscriptions = pageAt('guides/subscriptions.md');
    expect(subscriptions.cover).toEqual({
      yPos: 0,
      height: 180,
      ref: { kind: 'file', file: fileAt('.gitbook/assets/guides-cover-light.png') },
      refDark: { kind: 'file', file: fileAt('.gitbook/assets/guides-cover-dark.png') },
    });
    expect(subscriptions.tags?.[0]).toEqual({ tag: { kind: 'tag', tag: 'billing' }, primary: true });
    expect(subscriptions.layout).toMatchObject({ width: 'default', coverSize: 'full' });
    expect(subscriptions.icon).toBe('repeat');
    expect(pages.filter((page) => page.icon !== undefined).length).toBeGreaterThanOrEqual(10);
  });

  it('imports a page whose cover names a file never committed, with a warning naming file and line', () => {
    const space = allRepositories['ledgerline/developers']!;
    const result = run('convert', space, join(work, 'developers-model.json'), '--json');
    expect(result.code).toBe(0);
    const diagnostics = JSON.parse(result.stdout).diagnostics as { severity: string; code: string; path: string; line: number; message: string }[];
    expect(diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', code: 'FORMAT_MISSING_FILE', path: 'guides/pagination.md', line: 3 }));
    expect(diagnostics.filter((entry) => entry.severity === 'error')).toEqual([]);
    const bundle = JSON.parse(readFileSync(join(work, 'developers-model.json'), 'utf8'));
    const pagesJson = JSON.stringify(bundle.revision.pages);
    expect(pagesJson).toContain('"path":"guides/pagination.md"');
  });

  it('reports bad input with file and line, writes the bundle anyway, and exits 1', () => {
    const source = join(work, 'broken');
    mkdirSync(source, { recursive: true });
    writeFileSync(join(source, 'README.md'), '---\ndescription: [oops\n---\n\n# Home\n');
    writeFileSync(join(source, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n* [Gone](gone.md)\n');
    const result = run('convert', source, join(work, 'broken.json'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('README.md:2: error FORMAT_INVALID_YAML');
    expect(result.stderr).toContain('SUMMARY.md:4: error FORMAT_MISSING_FILE');
    expect(result.stderr).toContain('2 errors, 0 warnings');
    expect(JSON.parse(readFileSync(join(work, 'broken.json'), 'utf8')).format).toBe('quire-revision-bundle');
  });

  it('--json prints the summary and diagnostics as JSON', () => {
    const result = run('convert', allRepositories['hand-written']!, join(work, 'hw.json'), '--json');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ pages: 5, diagnostics: [{ severity: 'warning', code: 'FORMAT_UNLISTED_PAGE', path: 'notes.md' }] });
  });

  it('refuses to overwrite a non-empty directory without --force, and names a bad bundle field', () => {
    const bundle = join(work, 'overwrite.json');
    run('convert', allRepositories.handbook!, bundle);
    const target = join(work, 'occupied');
    mkdirSync(target, { recursive: true });
    writeFileSync(join(target, 'keep.txt'), 'x');
    const refused = run('convert', bundle, target);
    expect(refused.code).toBe(2); // wrong usage: --force is needed (docs/exit-codes.md)
    expect(refused.stderr).toContain('is not empty; pass --force');
    expect(run('convert', bundle, target, '--force').code).toBe(0);

    const bad = join(work, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'quire-revision-bundle', version: 1, revision: { object: 'revision', id: 'x', pages: {}, files: [], reusableContents: [] } }));
    const invalid = run('convert', bad, join(work, 'never'));
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('FORMAT_INVALID_BUNDLE');
    expect(invalid.stderr).toContain('`revision.pages` must be a list');
  });

  it('wrong usage exits 2 with a hint', () => {
    const result = run('convert', 'only-one-argument');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("missing required argument 'to'");
  });
});
