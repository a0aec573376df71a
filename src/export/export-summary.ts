import type { ExportBrokenLink, ExportSummary } from './export-site.ts';

/**
 * The summary printed at the end of an export: pages, files, size, broken links (the first ten, each with its site
 * space and page), time.
 *
 * @example
 * formatExportSummary(summary)
 * // → 'Exported 1,000 pages and 50 files (12.3 MB) to site in 2.1 s with 2 workers\nNo broken links.'
 */
export function formatExportSummary(summary: ExportSummary): string {
  const lines = [
    `Exported ${number(summary.pages)} page${summary.pages === 1 ? '' : 's'} and ${number(summary.files)} file${summary.files === 1 ? '' : 's'} (${megabytes(summary.bytes)}) to ${summary.outDir} in ${duration(summary.milliseconds)}${summary.workers ? ` with ${summary.workers} workers` : ''}`,
  ];
  if (summary.brokenLinks.length === 0) lines.push('No broken links.');
  else {
    lines.push(`${number(summary.brokenLinks.length)} broken link${summary.brokenLinks.length === 1 ? '' : 's'}:`);
    for (const link of summary.brokenLinks.slice(0, 10)) lines.push(`  ${describeBrokenLink(link)}`);
    if (summary.brokenLinks.length > 10) lines.push(`  … and ${number(summary.brokenLinks.length - 10)} more`);
  }
  for (const warning of summary.warnings.slice(0, 10)) lines.push(`warning: ${warning}`);
  if (summary.warnings.length > 10) lines.push(`… and ${summary.warnings.length - 10} more warnings`);
  return lines.join('\n');
}

/**
 * How long an export took: milliseconds under a second (a small site's `0.0 s` said nothing), else seconds.
 *
 * @example
 * duration(42) // → '42 ms'
 * duration(2140) // → '2.1 s'
 */
export function duration(milliseconds: number): string {
  const rounded = Math.round(milliseconds);
  return rounded < 1000 ? `${rounded} ms` : `${(milliseconds / 1000).toFixed(1)} s`;
}

/**
 * Where a broken link is and what it names: `Docs › v2 › page "Writing" (v2/guides/writing/index.html): missing.md in guides/writing.md`.
 *
 * @example
 * describeBrokenLink({ space: 'Handbook', page: 'index.html', pageTitle: 'Home', target: 'x.md', source: 'README.md' })
 * // → 'Handbook › page "Home" (index.html): x.md in README.md'
 */
export function describeBrokenLink(link: ExportBrokenLink): string {
  const space = link.section === undefined ? link.space : `${link.section} › ${link.space}`;
  return `${space} › page "${link.pageTitle}" (${link.page}): ${link.target} in ${link.source}`;
}

/**
 * A count with thousands separated by commas, as `toLocaleString('en-US')` writes it, without loading ICU's locale
 * data for it (about 15 ms at the end of every export).
 *
 * @example
 * number(12345) // → '12,345'
 */
function number(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}

function megabytes(bytes: number): string {
  return bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} KB` : `${(bytes / 1e6).toFixed(1)} MB`;
}
