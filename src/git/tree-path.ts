import { QuireError } from '../errors/index.ts';
import { repositoryPathProblem, type GitPathKind } from '../model/git-path-rules.ts';

/**
 * Checks a path to write or delete against the repository path rules (`src/model/git-path-rules.ts`: relative,
 * no empty, `.` or `..` segment, nothing a file system turns into `.git`, within the depth and length limits).
 * Returns its segments.
 *
 * @throws QuireError `GIT_INVALID_PATH` naming the path and what is wrong with it.
 */
export function parseChangePath(path: unknown, kind: GitPathKind = {}): string[] {
  if (typeof path !== 'string') throw invalidPath(path, 'a path must be a non-empty string');
  const problem = repositoryPathProblem(path, kind);
  if (problem !== undefined) throw invalidPath(path, problem);
  return path.split('/');
}

/**
 * Normalises the folder a caller works in: `''` or `undefined` for the whole tree, otherwise a path as
 * for {@link parseChangePath}, with an optional trailing `/`. Returns its segments (none for the root).
 *
 * @throws QuireError `GIT_INVALID_PATH`.
 */
export function parsePrefix(prefix: string | undefined): string[] {
  if (prefix === undefined || prefix === '') return [];
  return parseChangePath(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

function invalidPath(path: unknown, reason: string): QuireError<'GIT_INVALID_PATH'> {
  const shown = typeof path === 'string' && path.length > 200 ? `${path.slice(0, 200)}…` : path;
  return new QuireError('GIT_INVALID_PATH', `Invalid path ${JSON.stringify(shown)}: ${reason}`, { path, reason });
}
