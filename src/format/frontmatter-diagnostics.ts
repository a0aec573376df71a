import type { Diagnostic } from '../model/diagnostic.ts';
import type { FrontmatterProblem } from './frontmatter-problem.ts';

/**
 * The diagnostics of a page's frontmatter problems, all warnings (FORMAT.md, "Page files": what the hosted
 * exporter writes is never an error): a target the directory lacks is `FORMAT_MISSING_FILE`, a value not
 * understood `FORMAT_INVALID_FRONTMATTER`. Shared by the directory reader and sync's quick way, so both say the same.
 *
 * @example
 * frontmatterDiagnostics('page.md', [{ key: 'hidden', kind: 'not-understood', message: '...', line: 2 }])
 * // → [{ severity: 'warning', code: 'FORMAT_INVALID_FRONTMATTER', path: 'page.md', line: 2, message: '...; kept as written' }]
 */
export function frontmatterDiagnostics(path: string, problems: ReadonlyArray<FrontmatterProblem & { line: number | undefined }>): Diagnostic[] {
  return problems.map((problem) => ({
    severity: 'warning',
    code: problem.kind === 'missing-target' ? 'FORMAT_MISSING_FILE' : 'FORMAT_INVALID_FRONTMATTER',
    path,
    ...(problem.line === undefined ? {} : { line: problem.line }),
    message: problem.kind === 'missing-target' ? problem.message : `${problem.message}; kept as written`,
  }));
}
