import type { ErrorCode } from '../errors/index.ts';

/**
 * A problem found in input that does not stop the work: the reader keeps going and reports every one.
 * `error` means the input is wrong and a human must fix it (the result keeps what was written, verbatim);
 * `warning` means the input is kept and imported but not all of it is understood, or it is probably not what the
 * author meant: an unlisted page, a frontmatter value of an unknown shape, a cover naming a file never committed.
 * Nothing the hosted exporter writes is an error (../shared/FORMAT.md).
 */
export interface Diagnostic {
  severity: 'error' | 'warning';
  code: ErrorCode;
  /** Path of the file concerned, relative to the directory. */
  path: string;
  /** 1-based line in that file, when the problem has one. */
  line?: number;
  message: string;
}

/** `path:line: message`, the way compilers print it. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.line === undefined ? diagnostic.path : `${diagnostic.path}:${diagnostic.line}`;
  return `${where}: ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`;
}
