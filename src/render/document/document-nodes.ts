// Constructors of the published document nodes the conversion writes most: text, paragraphs, fragments, links.
import type {
  ContentRef,
  DocumentBlock,
  DocumentBlockParagraph,
  DocumentFragment,
  DocumentInline,
  DocumentInlineLink,
  DocumentText,
  DocumentTextLeaf,
  DocumentTextMark,
} from '@gitbook/api';
import { sameMarks } from './text-marks.ts';

/** What a paragraph, a heading or a link holds. */
export type InlineNode = DocumentInline | DocumentText;

/** A run of text with its marks. */
export function textNode(text: string, marks: readonly DocumentTextMark[] = []): DocumentText {
  return { object: 'text', leaves: [leaf(text, marks)] };
}

export function leaf(text: string, marks: readonly DocumentTextMark[] = []): DocumentTextLeaf {
  return { object: 'leaf', text, marks: [...marks] };
}

/**
 * A paragraph; adjacent texts are one text node (leaves of the same marks one leaf), and a paragraph that holds
 * nothing holds one empty text, as the editor writes them.
 */
export function paragraph(nodes: readonly InlineNode[]): DocumentBlockParagraph {
  return { object: 'block', type: 'paragraph', data: {}, nodes: nodes.length === 0 ? [textNode('')] : joinTexts(nodes) };
}

/** `nodes` with adjacent text nodes joined. */
export function joinTexts(nodes: readonly InlineNode[]): InlineNode[] {
  const joined: InlineNode[] = [];
  for (const node of nodes) {
    const last = joined[joined.length - 1];
    if (node.object !== 'text' || last?.object !== 'text') {
      joined.push(node.object === 'text' ? { ...node, leaves: node.leaves.map((part) => ({ ...part })) } : node);
      continue;
    }
    for (const part of node.leaves) {
      const previous = last.leaves[last.leaves.length - 1];
      if (previous && (previous.text === '' || part.text === '' || sameMarks(previous.marks, part.marks))) {
        if (previous.text === '') previous.marks = [...part.marks];
        previous.text += part.text;
      } else last.leaves.push({ ...part });
    }
  }
  return joined;
}

/** A paragraph of plain text. */
export function textParagraph(text: string, marks: readonly DocumentTextMark[] = []): DocumentBlockParagraph {
  return paragraph([textNode(text, marks)]);
}

/** A named fragment of a block (a caption, an expandable's title, a table cell). */
export function fragment(name: string, nodes: readonly DocumentBlock[], type?: string): DocumentFragment {
  return { object: 'fragment', fragment: name, ...(type === undefined ? {} : { type }), nodes: [...nodes] };
}

/** Inline nodes with the empty texts the editor keeps before, between and after them. */
export function inlinesAmongTexts(inlines: readonly DocumentInline[]): InlineNode[] {
  return [textNode(''), ...inlines.flatMap((node) => [node, textNode('')])];
}

/**
 * A link around text, with the empty texts the editor keeps around inlines.
 *
 * @example
 * linkParagraph({ kind: 'url', url: 'https://example.com' }, 'Example') // → a paragraph holding one link
 */
export function linkParagraph(ref: ContentRef, label: string): DocumentBlockParagraph {
  const link: DocumentInlineLink = { object: 'inline', type: 'link', data: { ref }, nodes: [textNode(label)] };
  return paragraph(inlinesAmongTexts([link]));
}
