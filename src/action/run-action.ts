/**
 * The Action: checks its inputs first, reads the checkout at GITHUB_WORKSPACE, syncs with the same code as
 * `quire sync`, pushes the commits it made with the workflow's token, and always sets its outputs. A conflict (or
 * any failure) is an `::error` annotation that says what to do, and a failed step (exit code 1); an API that cannot
 * be reached is named by the input that gave it, with what to check.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import git from 'isomorphic-git';
import { createApiClient, explainApiFailure, type ApiNaming } from '../client/index.ts';
import { isQuireError } from '../errors/index.ts';
import { pushBranch, resolveRef } from '../git/index.ts';
import { branchRef, describeConflicts, describeResult, locateRepository, resultToJson, runSync, type SyncOptions } from '../sync/index.ts';
import { readActionInputs } from './action-inputs.ts';
import { errorAnnotation, setOutputs, type ActionOutputs } from './action-outputs.ts';
import { readGithubTrigger } from './github-event.ts';

/** How the Action's failures name the API and its token: by the inputs of the workflow step. */
const actionApiNaming: ApiNaming = { urlFrom: 'the api-url input', tokenFrom: 'the token input', tokenHow: 'the token input' };

/** Where the Action writes: stdout carries workflow commands, so both are lines. */
export interface ActionConsole {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Runs the Action with `env` (the runner's environment) and returns the exit code (0 or 1).
 *
 * @example
 * process.exitCode = await runAction(process.env, { out: console.log, err: console.error });
 */
export async function runAction(env: NodeJS.ProcessEnv, console: ActionConsole): Promise<number> {
  const outputs: ActionOutputs = { revision: '', 'change-request': '', commit: '', result: '' };
  try {
    const inputs = readActionInputs(env);
    const trigger = await readGithubTrigger(env);
    const workspace = env['GITHUB_WORKSPACE'] ?? process.cwd();
    const located = await locateRepository(join(workspace, inputs.directory));
    const pushRef = inputs.branch !== undefined ? branchRef(inputs.branch) : trigger.kind === 'push' ? trigger.ref : undefined;
    const options: SyncOptions = {
      direction: trigger.kind === 'pull_request' ? 'git-to-space' : inputs.direction,
      prefer: inputs.prefer,
      prefix: located.prefix,
      ref: pushRef ?? trigger.sha ?? 'HEAD',
      messagePrefix: inputs.messagePrefix,
      ...(trigger.kind === 'pull_request' && inputs.branch === undefined
        ? { pullRequest: { branch: trigger.branch, number: trigger.number, headCommit: trigger.headSha } }
        : {}),
    };
    if (pushRef !== undefined && trigger.sha !== undefined) {
      // actions/checkout leaves the branch at GITHUB_SHA; a missing local branch is made there.
      const sha = trigger.sha;
      await resolveRef(located.repo, pushRef).catch(() => git.writeRef({ fs: located.repo.fs, gitdir: located.repo.gitdir, ref: pushRef, value: sha, force: true }));
    }
    const startHead = pushRef === undefined ? undefined : await resolveRef(located.repo, pushRef).catch(() => undefined);
    const client = createApiClient({ baseUrl: inputs.apiUrl, token: inputs.token, userAgent: 'quire-action/0.1.0' });
    try {
      const { result } = await runSync(
        {
          client,
          repo: located.repo,
          spaceId: inputs.space,
          options,
          checkout: false,
          ...(pushRef === undefined || inputs.dryRun
            ? {}
            : {
                publish: async (commit: string) => {
                  const url = await remoteUrl(located.repo.gitdir, env);
                  await pushBranch(located.repo, { url, oid: commit, ref: pushRef, expected: startHead, token: inputs.githubToken });
                  console.err(`quire: pushed ${commit.slice(0, 7)} to ${pushRef}`);
                },
              }),
          onProgress: (progress) => console.err(progress.kind === 'stage' ? `quire: ${progress.message}` : `quire: ${progress.done}/${progress.total} changes sent, ${progress.requests} requests`),
        },
        { dryRun: inputs.dryRun },
      );
      outputs.revision = result.revision ?? '';
      outputs['change-request'] = result.changeRequest === undefined ? '' : String(result.changeRequest.number);
      outputs.commit = result.commit ?? '';
      outputs.result = JSON.stringify(resultToJson(result));
      for (const line of describeResult(result).trimEnd().split('\n')) console.out(line);
      if (!result.ok) {
        const title = result.mode === 'conflict' ? 'Quire sync: conflict' : 'Quire sync stopped';
        const message = result.mode === 'conflict' ? describeConflicts(result) : (result.reason ?? describeResult(result));
        console.out(errorAnnotation(title, message));
        return 1;
      }
      return 0;
    } finally {
      await client.close();
    }
  } catch (error) {
    const message = isQuireError(error)
      ? `${error.code}: ${explainApiFailure(error, actionApiNaming) ?? error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
    outputs.result = JSON.stringify({ error: { code: isQuireError(error) ? error.code : 'INTERNAL', message } });
    console.out(errorAnnotation('Quire sync failed', message));
    return 1;
  } finally {
    await setOutputs(env, outputs, console.out);
  }
}

/** The `origin` remote's URL from the checkout's config (actions/checkout sets it), else the workflow's repository. */
async function remoteUrl(gitdir: string, env: NodeJS.ProcessEnv): Promise<string> {
  const config = await readFile(`${gitdir}/config`, 'utf8').catch(() => '');
  const match = /\[remote "origin"\][^[]*?url\s*=\s*(\S+)/.exec(config);
  if (match) return match[1]!;
  return `${env['GITHUB_SERVER_URL'] ?? 'https://github.com'}/${env['GITHUB_REPOSITORY'] ?? ''}.git`;
}
