// `quire convert` on a repository with only warnings (what the hosted exporter writes is never an error): the
// warnings are printed with file and line, and the command succeeds.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runQuire } from './support/serve-process.ts';

const work = mkdtempSync(join(tmpdir(), 'quire-convert-warnings-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('quire convert with warnings only', () => {
  it('prints each warning with file and line, writes the bundle, exits 0; and round-trips the files byte for byte', async () => {
    const source = join(work, 'exported');
    mkdirSync(join(source, '.gitbook/assets'), { recursive: true });
    const page = '---\ncover: .gitbook/assets/never-committed.png\ncoverY: 0\nlayout:\n  cover:\n    size: weird\n---\n\n# Home\n';
    writeFileSync(join(source, 'README.md'), page);
    writeFileSync(join(source, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n');
    const bundle = join(work, 'exported.json');
    const toBundle = await runQuire(['convert', source, bundle]);
    expect(toBundle.stderr).toContain('README.md:2: warning FORMAT_MISSING_FILE: cover `.gitbook/assets/never-committed.png` is not a file of the directory');
    expect(toBundle.stderr).toContain('README.md:6: warning FORMAT_INVALID_FRONTMATTER: layout.cover.size must be hero, full or background');
    expect(toBundle.stderr).toContain('0 errors, 2 warnings');
    expect(toBundle.code).toBe(0);

    const out = join(work, 'back');
    const back = await runQuire(['convert', bundle, out]);
    expect(back.code).toBe(0);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toBe(page);
  });
});
