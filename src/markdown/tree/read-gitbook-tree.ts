// The transform that turns the CommonMark + GFM tree micromark gives into the GitBook tree: pairs
// Liquid tags and HTML blocks, hands them to the block families, and keeps the layout GitBook's
// exporter writes (layout/).
import type { Html, Parents, PhrasingContent, Root, RootContent } from 'mdast';
import { maxMarkdownDepth } from '../../model/nesting-limits.ts';
import { withoutIndentation } from '../layout/html-indentation.ts';
import { readInlineCodeLineEndings } from '../layout/inline-code-line-endings.ts';
import { readLazyHtmlLines, type Reparse } from '../layout/lazy-html-line.ts';
import { readListSpread } from '../layout/list-spread.ts';
import { readParagraphTrailingSpace } from '../layout/paragraph-trailing-space.ts';
import { readTrailingBlankLines } from '../layout/trailing-blank-lines.ts';
import { liquidTagPairing } from '../liquid/nest-liquid-tags.ts';
import { readLiquidTags } from '../liquid/read-liquid-tags.ts';
import { findTagReader } from '../liquid/tag-reader.ts';
import { capTreeDepth } from '../nesting/cap-tree-depth.ts';
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
  // Pairing nests what was flat (`{% hint %}` × 10,000): cap it before the recursive walks below.
  capTreeDepth(tree, maxMarkdownDepth);
  // After pairing: a paired block spans from its opening line to its end line.
  readListSpread(tree);
  tree.children = readLiquidTags(tree.children, readers.liquid, null);
  readHtml(tree, readers);
}

/** Pairs among the children of every block parent; iterative, since pairing is what makes the tree deep. */
function pairFlow(tree: Root, pairings: readonly SiblingPairing<RootContent>[]): void {
  const pending: Parents[] = [tree];
  while (pending.length > 0) {
    const parent = pending.pop()!;
    if (phrasingParents.has(parent.type)) continue;
    let children = parent.children as RootContent[];
    for (const pairing of pairings) children = pairSiblings(children, pairing);
    (parent as { children: RootContent[] }).children = children;
    for (const child of children) if ('children' in child) pending.push(child);
  }
}

function readHtml(parent: Parents, readers: BlockReaders): void {
  if (phrasingParents.has(parent.type)) {
    let children = parent.children as PhrasingContent[];
    for (const pairing of readers.phrasingPairings) children = pairSiblings(children, pairing);
    children = children.map((node) => (node.type === 'html' ? firstRead(readers.phrasingHtml, node) ?? node : node));
    (parent as { children: PhrasingContent[] }).children = children;
  } else {
    const children = (parent.children as RootContent[]).map((node) => {
      if (node.type !== 'html') return node;
      const html = withoutIndentation(node);
      return firstRead(readers.flowHtml, html) ?? html;
    });
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
