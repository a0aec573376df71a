import type { ApiTokenInfo } from '../../client/index.ts';

/**
 * `quire token list`'s table: one line per token with its id, label, user, when it was made, when it expires
 * (`never`, or `expired ...` once past `now`) and when it was last used; `*` marks the token of the request.
 * Columns are padded to their widest cell, times shown to the minute in UTC.
 *
 * @example
 * formatTokenTable([token], new Date()) // → 'ID    LABEL  USER  CREATED  EXPIRES  LAST USED\n...'
 */
export function formatTokenTable(tokens: readonly ApiTokenInfo[], now: Date): string {
  const rows = tokens.map((token) => [
    `${token.current ? '*' : ''}${token.id}`,
    token.label,
    token.user.email ?? token.user.id,
    minute(token.createdAt),
    token.expiresAt === undefined ? 'never' : `${Date.parse(token.expiresAt) <= now.getTime() ? 'expired ' : ''}${minute(token.expiresAt)}`,
    token.lastUsedAt === undefined ? 'never' : minute(token.lastUsedAt),
  ]);
  const table = [['ID', 'LABEL', 'USER', 'CREATED', 'EXPIRES', 'LAST USED'], ...rows];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  return table.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n') + '\n';
}

/** `2026-11-26T09:05:12.345Z` → `2026-11-26 09:05Z`. */
function minute(timestamp: string): string {
  return `${timestamp.slice(0, 10)} ${timestamp.slice(11, 16)}Z`;
}
