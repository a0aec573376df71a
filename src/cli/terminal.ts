import type { Diagnostic } from '../model/diagnostic.ts';
import { formatDiagnostic } from '../model/diagnostic.ts';

/** Where a command writes: results to `out`, progress and problems to `err`. Injected so tests can capture them. */
export interface Terminal {
  out: (text: string) => void;
  err: (text: string) => void;
  /** True when `err` is an interactive terminal, where progress lines are worth printing. */
  interactive: boolean;
}

export const processTerminal: Terminal = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  interactive: Boolean(process.stderr.isTTY),
};

/** Prints diagnostics, errors first, then a one-line count. */
export function printDiagnostics(terminal: Terminal, diagnostics: readonly Diagnostic[]): void {
  const sorted = [...diagnostics].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  for (const diagnostic of sorted) terminal.err(`${formatDiagnostic(diagnostic)}\n`);
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  if (diagnostics.length > 0) terminal.err(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function formatSeconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(2)} s`;
}
