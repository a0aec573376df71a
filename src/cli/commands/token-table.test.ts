import { describe, expect, it } from 'vitest';
import type { ApiTokenInfo } from '../../client/index.ts';
import { formatTokenTable } from './token-table.ts';

const token = (fields: Partial<ApiTokenInfo>): ApiTokenInfo => ({
  object: 'api-token',
  id: 'tok1',
  label: 'CI',
  user: { id: 'u1', displayName: 'Ada', email: 'ada@example.com' },
  createdAt: '2026-11-01T08:00:00.000Z',
  current: false,
  ...fields,
});

describe('formatTokenTable', () => {
  it('pads columns, marks the token in use, says never, and marks what expired', () => {
    const table = formatTokenTable(
      [
        token({ id: 'tok1', current: true, lastUsedAt: '2026-11-26T09:05:59.999Z' }),
        token({ id: 'tok22', label: 'old laptop', user: { id: 'u2', displayName: 'Bot' }, expiresAt: '2026-11-20T00:00:00.000Z' }),
        token({ id: 'tok3', expiresAt: '2026-12-26T09:00:00.000Z' }),
      ],
      new Date('2026-11-26T10:00:00.000Z'),
    );
    expect(table).toBe(
      [
        'ID     LABEL       USER             CREATED            EXPIRES                    LAST USED',
        '*tok1  CI          ada@example.com  2026-11-01 08:00Z  never                      2026-11-26 09:05Z',
        'tok22  old laptop  u2               2026-11-01 08:00Z  expired 2026-11-20 00:00Z  never',
        'tok3   CI          ada@example.com  2026-11-01 08:00Z  2026-12-26 09:00Z          never',
        '',
      ].join('\n'),
    );
  });
});
