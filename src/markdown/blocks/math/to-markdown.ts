import type { Options, Unsafe } from 'mdast-util-to-markdown';
import type { InlineMath, Math } from './types.ts';

/**
 * Text must not turn into math when read back. Inline math opens with exactly `$$`, so a `$`
 * followed by another `$` (in the text, or starting the next node) is escaped: `\$$` is then a
 * `$` that cannot open and a lone `$`. Those matches do not overlap, so in a run of an odd length
 * the last two would still open (`$$$` as `\$$$`): the last `$` of such a run is escaped too. Text
 * right after inline math must not extend its closing sequence (`$$x$$` + `$5` would read as
 * `$$x$$$5`), so a `$` starting it is escaped too. A single `$` elsewhere (a price) stays as it is.
 */
export const mathUnsafe: Unsafe[] = [
  { character: '$', after: '\\$', inConstruct: 'phrasing' },
  { character: '$', before: '(?<!\\$)(?:\\$\\$)+', after: '(?!\\$)', inConstruct: 'phrasing' },
  { character: '$', beforeNode: 'inlineMath', inConstruct: 'phrasing' },
];

function inlineMath(node: InlineMath): string {
  return `$$${node.value}$$`;
}
inlineMath.peek = () => '$';

export const mathToMarkdown: Options = {
  unsafe: mathUnsafe,
  handlers: {
    math(node: Math) {
      // A longer fence when a line of the source could close a `$$` one.
      const longest = Math.max(0, ...(node.value.match(/^ {0,3}\$+/gm) ?? []).map((run) => run.trim().length));
      const fence = '$'.repeat(longest >= 2 ? longest + 1 : 2);
      return node.value === '' ? `${fence}\n${fence}` : `${fence}\n${node.value}\n${fence}`;
    },
    inlineMath,
  },
};
