// `<details>`, `<summary>` and `</details>` are HTML blocks of their own (CommonMark ends an HTML
// block at a blank line, and `</details>` may follow content directly); they are paired among
// sibling blocks like Liquid tags, and the Markdown between them is the content.
import type { RootContent } from 'mdast';
import type { SiblingPairing } from '../../tree/pair-siblings.ts';
import type { Details } from './types.ts';
import type { FlowContent } from '../../liquid/types.ts';

/** The opening line; GitBook puts the summary in the next block, hand-written files often on the next line. */
const openPattern = /^<details( open)?>(?:\r?\n<summary>([\s\S]*?)<\/summary>)?$/;
const summaryPattern = /^<summary>([\s\S]*?)<\/summary>$/;

export const detailsPairing: SiblingPairing<RootContent> = {
  mark(node) {
    if (node.type !== 'html') return undefined;
    if (openPattern.test(node.value)) return { kind: 'open', key: 'details' };
    return node.value === '</details>' ? { kind: 'close', key: 'details' } : undefined;
  },
  wrap(open, children) {
    const [, isOpen, inlineSummary] = open.type === 'html' ? (openPattern.exec(open.value) ?? []) : [];
    let summary = inlineSummary;
    let content = children;
    if (summary === undefined) {
      const first = children[0];
      summary = first?.type === 'html' ? summaryPattern.exec(first.value)?.[1] : undefined;
      content = children.slice(1);
    }
    if (summary === undefined || summary.includes('</summary>')) return undefined;
    const details: Details = { type: 'details', summary, children: content as FlowContent[] };
    return isOpen ? { ...details, open: true } : details;
  },
};
