/**
 * The Action's inputs, read from the environment as GitHub passes them (`INPUT_<NAME>`, the name upper-cased,
 * hyphens kept) and checked before anything runs.
 */
import { QuireError } from '../errors/index.ts';
import { syncDirections, syncPreferences, type SyncDirection, type SyncPreference } from '../sync/index.ts';

export interface ActionInputs {
  apiUrl: string;
  token: string;
  space: string;
  directory: string;
  direction: SyncDirection;
  branch: string | undefined;
  prefer: SyncPreference | undefined;
  dryRun: boolean;
  messagePrefix: string;
  /** The token to push commits with (the workflow's `github.token` by default). */
  githubToken: string | undefined;
}

/**
 * One input's value: `INPUT_API-URL` for `api-url`, trimmed; empty means not given.
 *
 * @example
 * readInput({ 'INPUT_API-URL': ' https://x ' }, 'api-url') // → 'https://x'
 */
export function readInput(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Reads and checks every input; the first problem throws INVALID_ARGUMENT naming the input.
 *
 * @example
 * const inputs = readActionInputs(process.env);
 */
export function readActionInputs(env: NodeJS.ProcessEnv): ActionInputs {
  const required = (name: string) => {
    const value = readInput(env, name);
    if (value === undefined) throw new QuireError('INVALID_ARGUMENT', `input ${name} is required`, { field: name });
    return value;
  };
  const apiUrl = required('api-url');
  if (!/^https?:\/\/[^/]/.test(apiUrl)) throw new QuireError('INVALID_ARGUMENT', `input api-url must be an http or https URL, got ${JSON.stringify(apiUrl)}`, { field: 'api-url' });
  const direction = readInput(env, 'direction') ?? 'both';
  if (!(syncDirections as readonly string[]).includes(direction)) {
    throw new QuireError('INVALID_ARGUMENT', `input direction must be one of ${syncDirections.join(', ')}, got ${JSON.stringify(direction)}`, { field: 'direction' });
  }
  const prefer = readInput(env, 'prefer');
  if (prefer !== undefined && !(syncPreferences as readonly string[]).includes(prefer)) {
    throw new QuireError('INVALID_ARGUMENT', `input prefer must be git or space, got ${JSON.stringify(prefer)}`, { field: 'prefer' });
  }
  const dryRun = readInput(env, 'dry-run') ?? 'false';
  if (!['true', 'false'].includes(dryRun)) throw new QuireError('INVALID_ARGUMENT', `input dry-run must be true or false, got ${JSON.stringify(dryRun)}`, { field: 'dry-run' });
  const directory = readInput(env, 'directory') ?? '.';
  if (directory.startsWith('/') || directory.split('/').includes('..')) {
    throw new QuireError('INVALID_ARGUMENT', `input directory must be a folder inside the repository, got ${JSON.stringify(directory)}`, { field: 'directory' });
  }
  return {
    apiUrl: apiUrl.replace(/\/+$/, '').replace(/\/v1$/, ''),
    token: required('token'),
    space: required('space'),
    directory,
    direction: direction as SyncDirection,
    branch: readInput(env, 'branch'),
    prefer: prefer as SyncPreference | undefined,
    dryRun: dryRun === 'true',
    messagePrefix: readInput(env, 'message-prefix') ?? 'QUIRE',
    githubToken: readInput(env, 'github-token'),
  };
}
