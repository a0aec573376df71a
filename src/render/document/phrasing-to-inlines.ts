// mdast phrasing content (text, emphasis, links, GitBook's inline nodes) → the inline content of a block.
import type { DocumentInlineButton, DocumentInlineImage, DocumentTextMark } from '@gitbook/api';
import type { Nodes, PhrasingContent } from 'mdast';
import type { ConversionState } from './conversion-state.ts';
import type { InlineNode } from './document-nodes.ts';
import { writeHtmlInline } from './html-inline-tag.ts';
import { iconName } from './icon-name.ts';
import { InlineWriter } from './inline-writer.ts';
import { colorMark, simpleMark } from './text-marks.ts';

/**
 * The inline nodes of a paragraph, a heading or a table cell.
 *
 * @example
 * phrasingInlines([{ type: 'strong', children: [{ type: 'text', value: 'Hi' }] }], state)
 * // → [{ object: 'text', leaves: [{ object: 'leaf', text: 'Hi', marks: [{ object: 'mark', type: 'bold' }] }] }]
 */
export function phrasingInlines(nodes: readonly Nodes[], state: ConversionState): InlineNode[] {
  const writer = new InlineWriter();
  writePhrasing(writer, nodes, [], state);
  return writer.finish();
}

/** Writes `nodes` with the marks of the nodes around them. */
export function writePhrasing(writer: InlineWriter, nodes: readonly Nodes[], marks: readonly DocumentTextMark[], state: ConversionState): void {
  for (const node of nodes) writeNode(writer, node, marks, state);
}

function writeNode(writer: InlineWriter, node: Nodes, marks: readonly DocumentTextMark[], state: ConversionState): void {
  switch (node.type) {
    case 'text':
      // A line ending inside a paragraph is a soft break: a space when shown. Hard breaks are `\n` (below).
      writer.text(node.value.replace(/[ \t]*\r?\n[ \t]*/g, ' '), marks);
      return;
    case 'emphasis':
      return writePhrasing(writer, node.children, [...marks, simpleMark('italic')], state);
    case 'strong':
      return writePhrasing(writer, node.children, [...marks, simpleMark('bold')], state);
    case 'delete':
      return writePhrasing(writer, node.children, [...marks, simpleMark('strikethrough')], state);
    case 'inlineCode':
      writer.text(node.value.replace(/\r?\n/g, ' '), [...marks, simpleMark('code')]);
      return;
    case 'break':
      writer.text('\n', marks);
      return;
    case 'link':
      return writeLink(writer, node.url, node.title, node.children, marks, state);
    case 'linkReference': {
      const definition = state.definitions.get(node.identifier);
      if (definition) return writeLink(writer, definition.url, definition.title, node.children, marks, state);
      return writePhrasing(writer, node.children, marks, state);
    }
    case 'image':
      return writeImage(writer, node.url, node.alt, node.title, marks, state);
    case 'imageReference': {
      const definition = state.definitions.get(node.identifier);
      if (definition) return writeImage(writer, definition.url, node.alt, definition.title, marks, state);
      writer.text(node.alt ?? '', marks);
      return;
    }
    case 'footnoteReference':
      writer.text(`[${node.label ?? node.identifier}]`, [...marks, simpleMark('superscript')]);
      return;
    case 'html':
      return writeHtmlInline(writer, node.value, marks, state);
    case 'inlineMath':
      writer.inline({ object: 'inline', type: 'inline-math', data: { formula: node.value }, isVoid: true }, node.value, [...marks, simpleMark('code')]);
      return;
    case 'inlineImage': {
      const size = node.size === 'line' ? 'line' : node.size === 'original' ? 'original' : undefined;
      const image: DocumentInlineImage = {
        object: 'inline',
        type: 'inline-image',
        data: { ref: state.refs.file(node.url ?? ''), ...(node.alt ? { alt: node.alt } : {}), ...(size ? { size } : {}) },
        isVoid: true,
      };
      writer.inline(image, node.alt ?? '', marks);
      return;
    }
    case 'icon': {
      const name = iconName(node.name);
      if (name === undefined) return writePhrasing(writer, node.children, marks, state);
      writer.inline({ object: 'inline', type: 'icon', data: { icon: name }, isVoid: true }, plainText(node), marks);
      return;
    }
    case 'button': {
      const button: DocumentInlineButton = {
        object: 'inline',
        type: 'button',
        data: { label: plainText(node), kind: node.kind === 'secondary' ? 'secondary' : 'primary', ...(iconName(node.icon) ? { icon: iconName(node.icon) } : {}), ref: state.refs.link(node.url ?? '') },
        isVoid: true,
      };
      writer.inline(button, plainText(node), marks);
      return;
    }
    case 'mark': {
      const color = colorMark(node.color, node.backgroundColor);
      return writePhrasing(writer, node.children, color ? [...marks, color] : marks, state);
    }
    default:
      // Flow content where phrasing was expected (a table cell, a caption): its text, in order.
      if ('children' in node) return writePhrasing(writer, node.children as Nodes[], marks, state);
      if ('value' in node && typeof node.value === 'string') writer.text(node.value, marks);
  }
}

function writeLink(
  writer: InlineWriter,
  url: string,
  title: string | null | undefined,
  children: readonly PhrasingContent[],
  marks: readonly DocumentTextMark[],
  state: ConversionState,
): void {
  const ref = state.refs.link(url);
  // `[Title](page.md "mention")` is how GitBook writes a mention: the title shown is the page's own.
  if (title === 'mention' && ref.kind !== 'url') {
    writer.inline({ object: 'inline', type: 'mention', data: { ref }, isVoid: true }, children.map(plainText).join(''), marks);
    return;
  }
  writer.openLink(ref, 'tree');
  writePhrasing(writer, children, marks, state);
  writer.closeLink('tree');
}

function writeImage(
  writer: InlineWriter,
  url: string,
  alt: string | null | undefined,
  title: string | null | undefined,
  marks: readonly DocumentTextMark[],
  state: ConversionState,
): void {
  const image: DocumentInlineImage = {
    object: 'inline',
    type: 'inline-image',
    data: { ref: state.refs.file(url), ...(alt ? { alt } : {}), ...(title ? { caption: title } : {}) },
    isVoid: true,
  };
  writer.inline(image, alt ?? '', marks);
}

/** The text of phrasing content: what a button's label or an icon's fallback reads. */
export function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'inlineMath') return node.value;
  if (node.type === 'break') return '\n';
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('');
  return '';
}
