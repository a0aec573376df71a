import type { ExportProgress } from './export-site.ts';

/** Where the progress bar draws: a terminal stream (`process.stderr`). */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

const phaseNames: Record<ExportProgress['phase'], string> = { render: 'pages', assets: 'files', search: 'search', done: 'done' };

/**
 * An `onProgress` callback that draws a progress bar on a terminal, redrawn at most every 100 ms, and nothing when
 * the stream is not a terminal (CI logs stay clean; the summary says the rest).
 *
 * @example
 * await exportSite(site, { outDir: 'out', onProgress: terminalProgress(process.stderr) });
 */
export function terminalProgress(stream: ProgressStream, now: () => number = Date.now): (progress: ExportProgress) => void {
  let last = 0;
  return (progress) => {
    if (!stream.isTTY) return;
    const finished = progress.phase === 'done';
    if (!finished && progress.done !== progress.total && now() - last < 100) return;
    last = now();
    if (finished) {
      stream.write('\r\u001b[2K');
      return;
    }
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 40));
    const ratio = progress.total === 0 ? 1 : progress.done / progress.total;
    const filled = Math.round(ratio * width);
    stream.write(`\r\u001b[2K${phaseNames[progress.phase].padEnd(6)} [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${progress.done}/${progress.total}`);
  };
}
