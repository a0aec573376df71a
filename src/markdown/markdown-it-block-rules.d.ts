// markdown-it's HTML block and paragraph rules, which its type declarations do not list; src/markdown/fast-markdown.ts
// wraps them.
declare module 'markdown-it/lib/rules_block/html_block.mjs' {
  import type { StateBlock } from 'markdown-it';

  export default function htmlBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean;
}

declare module 'markdown-it/lib/rules_block/paragraph.mjs' {
  import type { StateBlock } from 'markdown-it';

  export default function paragraph(state: StateBlock, startLine: number, endLine: number): boolean;
}
