// Writes the inline content of one block (a paragraph, a heading, a caption): text leaves with their marks,
// inline nodes, and links, which may open in one mdast node and close in another when they are HTML
// (`<a href="…">` … `</a>` are separate `html` nodes, as are `<sup>` and `</sup>`).
import type { ContentRef, DocumentInline, DocumentInlineLink, DocumentTextLeaf, DocumentTextMark } from '@gitbook/api';
import { leaf, textNode, type InlineNode } from './document-nodes.ts';
import { normalizeMarks, sameMarks } from './text-marks.ts';

type Item = { kind: 'leaf'; leaf: DocumentTextLeaf } | { kind: 'inline'; node: DocumentInline };

interface Frame {
  items: Item[];
  /** The link this frame builds; none for the block itself. */
  link?: { ref: ContentRef; source: 'tree' | 'tag' };
}

export class InlineWriter {
  readonly #frames: Frame[] = [{ items: [] }];
  /**
   * Marks opened by HTML tags (`<sup>`, `<kbd>`, ...), until their end tag; a tag whose formatting the model
   * cannot hold (a colour out of the palette) opens none, but its end tag must still find it.
   */
  readonly #htmlMarks: { type: DocumentTextMark['type']; mark: DocumentTextMark | undefined }[] = [];

  /** Text with the marks of the nodes around it (and of the HTML tags still open). Line breaks stay `\n`. */
  text(value: string, marks: readonly DocumentTextMark[]): void {
    if (value === '') return;
    this.#top.items.push({ kind: 'leaf', leaf: leaf(value, normalizeMarks([...marks, ...this.#htmlMarks.flatMap((open) => (open.mark ? [open.mark] : []))])) });
  }

  /**
   * An inline node. Links hold only text and inline images: inside one, `node` becomes `fallback` (its
   * text), with `marks`, and a link inside a link gives its content.
   */
  inline(node: DocumentInline, fallback: string, marks: readonly DocumentTextMark[]): void {
    if (!this.#inLink || node.type === 'inline-image') {
      this.#top.items.push({ kind: 'inline', node });
      return;
    }
    if (node.type === 'link') {
      for (const child of node.nodes) {
        if (child.object === 'text') for (const part of child.leaves) this.#top.items.push({ kind: 'leaf', leaf: part });
        else this.#top.items.push({ kind: 'inline', node: child });
      }
      return;
    }
    this.text(fallback, marks);
  }

  openLink(ref: ContentRef, source: 'tree' | 'tag'): void {
    this.#frames.push({ items: [], link: { ref, source } });
  }

  /**
   * Ends the innermost link of `source`. A `tree` link (an mdast or hast node around its content) also ends
   * the `tag` links (an `<a href>` tag waiting for its `</a>`) left open inside it; a `</a>` ends only a `tag`
   * link opened in the same node.
   */
  closeLink(source: 'tree' | 'tag'): void {
    if (source === 'tag') {
      if (this.#top.link?.source === 'tag') this.#closeTop();
      return;
    }
    while (this.#frames.length > 1) {
      const wasTree = this.#top.link?.source === 'tree';
      this.#closeTop();
      if (wasTree) return;
    }
  }

  /** Starts an HTML mark of `type`: `mark`, or nothing when the model cannot hold that formatting. */
  openMark(type: DocumentTextMark['type'], mark: DocumentTextMark | undefined): void {
    this.#htmlMarks.push({ type, mark });
  }

  /** Ends the innermost HTML mark of `type`; an end tag with nothing open is ignored. */
  closeMark(type: DocumentTextMark['type']): void {
    const index = this.#htmlMarks.findLastIndex((open) => open.type === type);
    if (index >= 0) this.#htmlMarks.splice(index, 1);
  }

  /** The nodes written, links left open closed where the block ends. */
  finish(): InlineNode[] {
    while (this.#frames.length > 1) this.#closeTop();
    return inlineNodes(this.#frames[0]!.items);
  }

  get #top(): Frame {
    return this.#frames[this.#frames.length - 1]!;
  }

  get #inLink(): boolean {
    return this.#frames.length > 1;
  }

  #closeTop(): void {
    const frame = this.#frames.pop()!;
    const link: DocumentInlineLink = { object: 'inline', type: 'link', data: { ref: frame.link!.ref }, nodes: inlineNodes(frame.items) as DocumentInlineLink['nodes'] };
    const text = frame.items.map((item) => (item.kind === 'leaf' ? item.leaf.text : '')).join('');
    this.inline(link, text, []);
  }
}

/**
 * Leaves grouped into text nodes (adjacent leaves with the same marks joined), with a text node before, between
 * and after inline nodes, as the editor keeps them.
 */
function inlineNodes(items: readonly Item[]): InlineNode[] {
  const nodes: InlineNode[] = [];
  let leaves: DocumentTextLeaf[] | undefined;
  for (const item of items) {
    if (item.kind === 'leaf') {
      if (leaves === undefined) {
        leaves = [];
        nodes.push({ object: 'text', leaves });
      }
      const last = leaves[leaves.length - 1];
      if (last && sameMarks(last.marks, item.leaf.marks)) last.text += item.leaf.text;
      else leaves.push({ ...item.leaf, marks: [...item.leaf.marks] });
    } else {
      if (leaves === undefined) nodes.push(textNode(''));
      nodes.push(item.node);
      leaves = undefined;
    }
  }
  if (leaves === undefined) nodes.push(textNode(''));
  return nodes;
}
