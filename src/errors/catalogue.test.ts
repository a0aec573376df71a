import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorCodes } from './catalogue.ts';
import { QuireError, isQuireError } from './quire-error.ts';

const docs = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
const documentedRows = new Map(
  [...docs.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|/gm)].map((match) => [match[1]!, Number(match[2])]),
);

describe('error catalogue', () => {
  it('documents every code with its status in docs/errors.md', () => {
    for (const code of errorCodes) {
      expect(documentedRows.get(code), `${code} is missing from docs/errors.md`).toBe(errorCatalogue[code].status);
    }
  });

  it('documents no code that does not exist', () => {
    expect([...documentedRows.keys()].sort()).toEqual([...errorCodes].sort());
  });

  it('carries code, status, data and cause', () => {
    const cause = new Error('low level');
    const error = new QuireError('FORMAT_MISSING_FILE', 'SUMMARY.md:3 links to a.md, which does not exist', { path: 'SUMMARY.md', line: 3 }, { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('FORMAT_MISSING_FILE');
    expect(error.status).toBe(400);
    expect(error.data).toEqual({ path: 'SUMMARY.md', line: 3 });
    expect(error.cause).toBe(cause);
    expect(isQuireError(error, 'FORMAT_MISSING_FILE')).toBe(true);
    expect(isQuireError(error, 'NOT_FOUND')).toBe(false);
    expect(isQuireError(cause)).toBe(false);
  });
});
