// The transform that turns the CommonMark + GFM tree micromark gives into the GitBook tree: pairs
// Liquid tags and HTML blocks, hands them to the block families, and keeps the layout GitBook's
// exporter writes (layout/).
import type { Html, Parents, PhrasingContent, Root, RootContent } from 'mdast';
import { readInlineCodeLineEndings } from '../layout/inline-code-line-endings.ts';
import { readLazyHtmlLines, type Reparse } from '../layout/lazy-html-line.ts';
import { readListSpread } from '../layout/list-spread.ts';
import { readParagraphTrailingSpace } from '../layout/paragraph-trailing-space.ts';
import { readTrailingBlankLines } from '../layout/trailing-blank-lines.ts';
import { liquidTagPairing } from '../liquid/nest-liquid-tags.ts';
import { readLiquidTags } from '../liquid/read-liquid-tags.ts';
import { findTagReader } from '../liquid/tag-reader.ts';
import type { BlockReaders } from './block-readers.ts';
import { pairSiblings, type SiblingPairing } from './pair-siblings.ts';
import { phrasingParents } from './phrasing-parents.ts';


export function readGitbookTree(tree: Root, source: string, readers: BlockReaders, reparse: Reparse): void {
  // Layout first: it reads positions, which only the nodes micromark made have.
  readLazyHtmlLines(tree, reparse);
  readParagraphTrailingSpace(tree, source);
  readTrailingBlankLines(tree, source);
  readInlineCodeLineEndings(tree);
  const liquid = liquidTagPairing((name) => findTagReader(readers.liquid, name)?.end === 'none');
  pairFlow(tree, [liquid, ...readers.flowPairings]);
  // After pairing: a paired block spans from its opening line to its end line.
  readListSpread(tree);
  tree.children = readLiquidTags(tree.children, readers.liquid, null);
  readHtml(tree, readers);
}

function pairFlow(parent: Parents, pairings: readonly SiblingPairing<RootContent>[]): void {
  if (phrasingParents.has(parent.type)) return;
  let children = parent.children as RootContent[];
  for (const pairing of pairings) children = pairSiblings(children, pairing);
  (parent as { children: RootContent[] }).children = children;
  for (const child of children) if ('children' in child) pairFlow(child, pairings);
}

function readHtml(parent: Parents, readers: BlockReaders): void {
  if (phrasingParents.has(parent.type)) {
    let children = parent.children as PhrasingContent[];
    for (const pairing of readers.phrasingPairings) children = pairSiblings(children, pairing);
    children = children.map((node) => (node.type === 'html' ? firstRead(readers.phrasingHtml, node) ?? node : node));
    (parent as { children: PhrasingContent[] }).children = children;
  } else {
    const children = (parent.children as RootContent[]).map((node) => (node.type === 'html' ? firstRead(readers.flowHtml, node) ?? node : node));
    (parent as { children: RootContent[] }).children = children;
  }
  for (const child of parent.children) if ('children' in child) readHtml(child, readers);
}

function firstRead<T>(read: ReadonlyArray<(node: Html) => T | undefined>, node: Html): T | undefined {
  for (const reader of read) {
    const result = reader(node);
    if (result !== undefined) return node.position ? { ...result, position: node.position } : result;
  }
  return undefined;
}
