import { expect, it } from 'vitest';
import * as quire from './index.ts';

// The public API is a promise to users: a change to this list is a deliberate, reviewed change.
it('exports exactly the public API', () => {
  expect(Object.keys(quire).sort()).toEqual([
    'QuireError',
    'assignPagePaths',
    'bundleFromJson',
    'bundleToJson',
    'contentId',
    'documentIdOf',
    'emptyDirectorySource',
    'errorCatalogue',
    'errorCodes',
    'flattenPages',
    'formatDiagnostic',
    'gitBlobOid',
    'isQuireError',
    'movePage',
    'planLayout',
    'readDirectory',
    'readDirectoryFiles',
    'relinkBundle',
    'scanReferences',
    'slugify',
    'walkPages',
    'writeDirectory',
    'writeDirectoryFiles',
  ]);
});
