// Line endings inside a code span are spaces (CommonMark 6.1: "line endings are converted to
// spaces"). mdast-util-from-markdown keeps them as line endings, and mdast-util-to-markdown writes
// some of them back as spaces (where the next line could start a block, a Liquid tag line
// included), so the tree would change on a round trip. We read them as the spaces they mean.
import type { Parents, Root } from 'mdast';

export function readInlineCodeLineEndings(node: Root | Parents): void {
  for (const child of node.children) {
    if (child.type === 'inlineCode') child.value = child.value.replace(/\r\n|\r|\n/g, ' ');
    else if ('children' in child) readInlineCodeLineEndings(child);
  }
}
