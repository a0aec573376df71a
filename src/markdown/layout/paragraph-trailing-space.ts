// Spaces at the end of a paragraph, after inline content that is not text. CommonMark drops them;
// GitBook keeps them as a text run and its exporter writes such a run raw (`$$(a = b) / 2$$ ` in the
// corpus `math-formulas.md`), while a text run that merely ends with a space is written with a
// character reference (`:grinning:&#x20;` in `emoji.md`). The tree keeps the run as a text node,
// and the writer writes a whitespace-only last run raw, so both read back the same.
import type { Paragraph, Parents, Root, Text } from 'mdast';
import type { Info, State } from 'mdast-util-to-markdown';

/** Adds, to each paragraph of `tree`, the spaces after its last inline node that is not text. */
export function readParagraphTrailingSpace(tree: Root, source: string): void {
  visitParagraphs(tree, (paragraph) => {
    const last = paragraph.children[paragraph.children.length - 1];
    const end = paragraph.position?.end.offset;
    const lastEnd = last?.position?.end.offset;
    if (!last || last.type === 'text' || end === undefined || lastEnd === undefined || lastEnd >= end) return;
    const space = source.slice(lastEnd, end);
    if (!/^[ \t]+$/.test(space)) return;
    paragraph.children.push({
      type: 'text',
      value: space,
      position: { start: last.position!.end, end: paragraph.position!.end },
    });
  });
}

/** Whether `node` is such a run: whitespace only, last in its paragraph, after a node that is not text. */
export function isParagraphTrailingSpace(node: Text, parent: Parents | undefined): boolean {
  if (parent?.type !== 'paragraph' || !/^[ \t]+$/.test(node.value)) return false;
  const { children } = parent;
  return children.length > 1 && children[children.length - 1] === node && children[children.length - 2]!.type !== 'text';
}

/** The `text` handler: such a run is written raw, any other text escaped as mdast-util-to-markdown does. */
export function writeText(node: Text, parent: Parents | undefined, state: State, info: Info): string {
  if (isParagraphTrailingSpace(node, parent)) return node.value;
  const siblings = parent ? parent.children : [];
  const index = state.indexStack[state.indexStack.length - 1] ?? -1;
  return state.safe(node.value, { ...info, beforeNode: siblings[index - 1], afterNode: siblings[index + 1] });
}

function visitParagraphs(node: Root | Parents, visit: (paragraph: Paragraph) => void): void {
  if (node.type === 'paragraph') {
    visit(node);
    return;
  }
  for (const child of node.children) if ('children' in child) visitParagraphs(child, visit);
}
