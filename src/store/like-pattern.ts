/**
 * `text` as a literal inside a LIKE pattern whose escape character is a backslash (`%` and `_` match
 * themselves), for the case-insensitive text filters of lists.
 *
 * @example
 * sql`title_search like ${`%${escapeLike('50%_off')}%`} escape '\\'`
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
