import type { Break, Html } from 'mdast';
import type { Handle } from './convert-state.ts';

/**
 * The handler of `<br>`: a hard break, except in a table cell, where a GFM row must stay on one line and Quire
 * writes `<br>` the way GitBook's exporter does.
 *
 * @example
 * ```ts
 * toMdast(tree, { handlers: { br: breakHandler } });
 * ```
 */
export const breakHandler: Handle = (state): Break | Html => (state.inTable ? { type: 'html', value: '<br>' } : { type: 'break' });
