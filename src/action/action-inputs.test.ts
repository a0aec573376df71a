import { describe, expect, it } from 'vitest';
import { readActionInputs } from './action-inputs.ts';
import { errorAnnotation } from './action-outputs.ts';
import { readGithubTrigger } from './github-event.ts';

const env = { 'INPUT_API-URL': 'https://docs.example.com/v1/', INPUT_TOKEN: 't', INPUT_SPACE: 's' };

describe('Action inputs, trigger and annotations', () => {
  it('reads inputs with their defaults, normalising the API URL', () => {
    expect(readActionInputs(env)).toMatchObject({ apiUrl: 'https://docs.example.com', directory: '.', direction: 'both', dryRun: false, prefer: undefined, messagePrefix: 'QUIRE' });
    expect(readActionInputs({ ...env, 'INPUT_DRY-RUN': 'true', INPUT_PREFER: 'git', INPUT_DIRECTORY: 'docs' })).toMatchObject({ dryRun: true, prefer: 'git', directory: 'docs' });
  });

  it('refuses bad inputs, naming them', () => {
    expect(() => readActionInputs({ ...env, INPUT_TOKEN: '' })).toThrow('input token is required');
    expect(() => readActionInputs({ ...env, INPUT_PREFER: 'both' })).toThrow(/input prefer/);
    expect(() => readActionInputs({ ...env, INPUT_DIRECTORY: '../elsewhere' })).toThrow(/input directory/);
    expect(() => readActionInputs({ ...env, 'INPUT_DRY-RUN': 'yes' })).toThrow(/input dry-run/);
    expect(() => readActionInputs({ ...env, 'INPUT_API-URL': 'ftp://x' })).toThrow(/input api-url/);
  });

  it('reads a push and refuses a tag', async () => {
    expect(await readGithubTrigger({ GITHUB_EVENT_NAME: 'push', GITHUB_REF: 'refs/heads/main', GITHUB_SHA: 'abc' })).toEqual({ kind: 'push', ref: 'refs/heads/main', sha: 'abc' });
    await expect(readGithubTrigger({ GITHUB_EVENT_NAME: 'push', GITHUB_REF: 'refs/tags/v1' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('escapes annotations so a multi-line message stays one', () => {
    expect(errorAnnotation('Sync: conflict', '50% done\nnext line')).toBe('::error title=Sync%3A conflict::50%25 done%0Anext line');
  });
});
