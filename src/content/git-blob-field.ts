import type { GitSyncBlob } from '@gitbook/api';
import { repositoryPathProblem } from '../model/git-path-rules.ts';
import { invalidChange } from './change-error.ts';

const oidPattern = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * Reads the `git: { oid, path }` a change may carry (docs/api-extensions.md, `git-metadata`): `oid` is a Git
 * blob id (SHA-1, or SHA-256 for repositories that use it) in lower-case hex, `path` the file's path in the
 * repository, held to the repository path rules (`src/model/git-path-rules.ts`). Undefined when absent.
 *
 * @example
 * readGitBlob({ oid: 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391', path: 'docs/intro.md' }, 0, 'git') // → the same
 */
export function readGitBlob(value: unknown, index: number, field: string): GitSyncBlob | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidChange(index, field, 'must be an object { "oid": "<blob id>", "path": "<path in the repository>" }');
  const { oid, path, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw invalidChange(index, `${field}.${unknown}`, 'is not a known field (git has oid and path)');
  if (typeof oid !== 'string' || !oidPattern.test(oid)) throw invalidChange(index, `${field}.oid`, 'must be a Git blob id: 40 (or 64) lower-case hex digits');
  if (typeof path !== 'string') throw invalidChange(index, `${field}.path`, 'must be a string');
  const problem = repositoryPathProblem(path);
  if (problem !== undefined) throw invalidChange(index, `${field}.path`, problem);
  return { oid, path };
}
