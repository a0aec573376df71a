// The transform that hands Liquid tags to the block families. It runs after pairing, from the
// outside in, so a reader knows which block a tag sits in (`tab` is only a tab inside `tabs`);
// when a reader turns a pair down, its content is read again as if in an unknown block, so no
// node ends up where its type does not allow it.
import type { RootContent } from 'mdast';
import { parseTag, parseTagAttributes } from './parse-tag.ts';
import { findTagReader, type LiquidTagReader, type TagInput } from './tag-reader.ts';
import type { LiquidBlock, LiquidTag } from './types.ts';

/** Reads every tag among `nodes`, which sit directly in the tag block `enclosing` (or in none). */
export function readLiquidTags(nodes: readonly RootContent[], readers: readonly LiquidTagReader[], enclosing: string | null): RootContent[] {
  return nodes.map((node) => {
    if (node.type === 'liquidTag') return readVoidTag(node, readers, enclosing);
    if (node.type === 'liquidBlock') return readBlockTag(node, readers, enclosing);
    if ('children' in node) return { ...node, children: readLiquidTags(node.children, readers, null) } as RootContent;
    return node;
  });
}

function readVoidTag(node: LiquidTag, readers: readonly LiquidTagReader[], enclosing: string | null): RootContent {
  const reader = findTagReader(readers, node.name);
  if (!reader || reader.end === 'required' || !fits(reader, enclosing)) return node;
  const tag = tagInput(node.value);
  const read = tag && reader.read(tag, undefined);
  return read ? placed(read, node) : node;
}

function readBlockTag(node: LiquidBlock, readers: readonly LiquidTagReader[], enclosing: string | null): RootContent {
  const reader = findTagReader(readers, node.name);
  const tag = tagInput(node.open);
  if (reader && reader.end !== 'none' && fits(reader, enclosing) && tag) {
    const read = reader.read(tag, readLiquidTags(node.children, readers, node.name));
    if (read) return placed(read, node);
  }
  return { ...node, children: readLiquidTags(node.children, readers, null) as LiquidBlock['children'] };
}

function fits(reader: LiquidTagReader, enclosing: string | null): boolean {
  return reader.parent === undefined || reader.parent === enclosing;
}

function tagInput(value: string): TagInput | undefined {
  const tag = parseTag(value);
  return tag && { ...tag, attributes: parseTagAttributes(tag.args) };
}

function placed(node: RootContent, from: RootContent): RootContent {
  return from.position ? { ...node, position: from.position } : node;
}
