import { describe, expect, it } from 'vitest';
import type { ExportBrokenLink, ExportSummary } from './export-site.ts';
import { duration, formatExportSummary } from './export-summary.ts';

const summary = (overrides: Partial<ExportSummary>): ExportSummary => ({
  outDir: 'site',
  pages: 1,
  files: 0,
  bytes: 0,
  brokenLinks: [],
  warnings: [],
  milliseconds: 1234,
  workers: 0,
  ...overrides,
});

const brokenLink = (index: number): ExportBrokenLink => ({ space: 'Handbook', page: `p${index}/index.html`, pageTitle: `P${index}`, target: 'x.md', source: `p${index}.md` });

describe('formatExportSummary', () => {
  it('writes counts with thousands separated by commas, as en-US does', () => {
    for (const pages of [0, 7, 999, 1000, 12345, 1234567, 10000000]) {
      const first = formatExportSummary(summary({ pages, files: pages })).split('\n')[0]!;
      const counted = pages.toLocaleString('en-US');
      expect(first).toBe(`Exported ${counted} page${pages === 1 ? '' : 's'} and ${counted} file${pages === 1 ? '' : 's'} (0.0 KB) to site in 1.2 s`);
    }
  });

  it('names the first ten broken links and counts the rest', () => {
    const text = formatExportSummary(summary({ brokenLinks: Array.from({ length: 1012 }, (_, index) => brokenLink(index)) }));
    const lines = text.split('\n');
    expect(lines[1]).toBe('1,012 broken links:');
    expect(lines[2]).toBe('  Handbook › page "P0" (p0/index.html): x.md in p0.md');
    expect(lines.at(-1)).toBe('  … and 1,002 more');
  });

  it('gives a small export its time in milliseconds, a larger one in seconds', () => {
    expect(formatExportSummary(summary({ milliseconds: 42.4 })).split('\n')[0]).toBe('Exported 1 page and 0 files (0.0 KB) to site in 42 ms');
    expect([0, 999.4, 999.6, 1000, 2140, 61234].map(duration)).toEqual(['0 ms', '999 ms', '1.0 s', '1.0 s', '2.1 s', '61.2 s']);
  });
});
