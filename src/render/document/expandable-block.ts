// Expandables (`<details>`): the summary is the title fragment (one paragraph), the content the body fragment.
import type { DocumentBlock, DocumentBlockExpandable } from '@gitbook/api';
import { fragment, paragraph, type InlineNode } from './document-nodes.ts';
import { fitBlocks } from './fit-blocks.ts';

/**
 * An expandable block. The body cannot be empty: an empty one holds an empty paragraph.
 *
 * @example
 * expandableBlock([textNode('More')], [textParagraph('Hidden.')], false, labels)
 */
export function expandableBlock(title: InlineNode[], body: readonly DocumentBlock[], open: boolean, labels: WeakMap<object, string>): DocumentBlockExpandable {
  const content = fitBlocks(body, 'expandable-body', labels);
  return {
    object: 'block',
    type: 'expandable',
    isVoid: true,
    data: open ? { defaultExpanded: true } : {},
    fragments: [
      fragment('expandable-title', [paragraph(title)], 'expandable-title'),
      fragment('expandable-body', content.length === 0 ? [paragraph([])] : content, 'expandable-body'),
    ] as DocumentBlockExpandable['fragments'],
  };
}
