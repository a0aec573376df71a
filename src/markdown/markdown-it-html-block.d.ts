// markdown-it's HTML block rule, which its type declarations do not list; src/markdown/fast-markdown.ts wraps it.
declare module 'markdown-it/lib/rules_block/html_block.mjs' {
  import type { StateBlock } from 'markdown-it';

  export default function htmlBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean;
}
