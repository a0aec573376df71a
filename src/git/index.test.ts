import { expect, it } from 'vitest';
import * as git from './index.ts';

it('pins the public surface of src/git', () => {
  expect(Object.keys(git).sort()).toEqual([
    'changedPaths',
    'initRepository',
    'isAncestor',
    'listCommits',
    'openRepository',
    'pushBranch',
    'readBlobs',
    'readCommit',
    'readFileAt',
    'readTree',
    'readTreeContent',
    'readTreeEntries',
    'resolveRef',
    'writeCommit',
  ]);
});
