/**
 * What triggered the workflow: a push to a branch, or a pull request (GITHUB_EVENT_NAME and the payload at
 * GITHUB_EVENT_PATH). Sync handles both; a pull request syncs into one change request left open as a preview.
 */
import { readFile } from 'node:fs/promises';
import { QuireError } from '../errors/index.ts';

export type GithubTrigger =
  | { kind: 'push'; ref: string; sha: string | undefined }
  | { kind: 'pull_request'; number: number | undefined; branch: string; headSha: string | undefined; sha: string | undefined };

/**
 * Reads the trigger from the environment GitHub sets.
 *
 * @example
 * const trigger = await readGithubTrigger(process.env);
 * if (trigger.kind === 'pull_request') console.log(trigger.branch);
 */
export async function readGithubTrigger(env: NodeJS.ProcessEnv): Promise<GithubTrigger> {
  const name = env['GITHUB_EVENT_NAME'] ?? 'push';
  const sha = env['GITHUB_SHA'];
  if (name === 'pull_request' || name === 'pull_request_target') {
    const payload = await readPayload(env['GITHUB_EVENT_PATH']);
    const pullRequest = (payload['pull_request'] ?? {}) as { number?: number; head?: { ref?: string; sha?: string } };
    const branch = pullRequest.head?.ref ?? env['GITHUB_HEAD_REF'];
    if (branch === undefined || branch === '') throw new QuireError('INVALID_ARGUMENT', 'a pull_request event without the branch name (pull_request.head.ref, GITHUB_HEAD_REF)', { field: 'GITHUB_EVENT_PATH' });
    return { kind: 'pull_request', number: pullRequest.number ?? (payload['number'] as number | undefined), branch, headSha: pullRequest.head?.sha, sha };
  }
  const ref = env['GITHUB_REF'];
  if (ref === undefined || !ref.startsWith('refs/heads/')) {
    throw new QuireError('INVALID_ARGUMENT', `sync runs on push to a branch or on pull_request; GITHUB_REF is ${JSON.stringify(ref)} (give the branch input to sync another branch)`, { field: 'GITHUB_REF' });
  }
  return { kind: 'push', ref, sha };
}

async function readPayload(path: string | undefined): Promise<Record<string, unknown>> {
  if (path === undefined || path === '') return {};
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new QuireError('INVALID_ARGUMENT', `cannot read the event payload at GITHUB_EVENT_PATH (${path})`, { field: 'GITHUB_EVENT_PATH' }, { cause: error });
  }
}
