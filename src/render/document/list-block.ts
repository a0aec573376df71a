// Lists: bulleted, numbered, or tasks when an item has a checkbox; each item's blocks fitted to a list item.
import type { DocumentBlock, DocumentBlockListItem, DocumentBlockListOrdered, DocumentBlockListTasks, DocumentBlockListUnordered } from '@gitbook/api';
import { paragraph } from './document-nodes.ts';
import { fitBlocks } from './fit-blocks.ts';

export interface ListItemInput {
  blocks: DocumentBlock[];
  /** `true` or `false` for a task; `undefined` without a checkbox. */
  checked?: boolean | undefined;
}

/**
 * A list block. A list with a task item is a task list, and its other items are unchecked tasks.
 *
 * @example
 * listBlock({ ordered: true, start: 3 }, [{ blocks: [textParagraph('Third')] }], labels)
 */
export function listBlock(
  options: { ordered: boolean; start?: number | null | undefined },
  items: readonly ListItemInput[],
  labels: WeakMap<object, string>,
): DocumentBlockListOrdered | DocumentBlockListUnordered | DocumentBlockListTasks {
  const tasks = items.some((item) => item.checked !== undefined);
  const nodes = items.map((item): DocumentBlockListItem => {
    const blocks = fitBlocks(item.blocks, 'list-item', labels) as DocumentBlockListItem['nodes'];
    return { object: 'block', type: 'list-item', data: tasks ? { checked: item.checked ?? false } : {}, nodes: blocks.length === 0 ? [paragraph([])] : blocks };
  });
  if (tasks) return { object: 'block', type: 'list-tasks', data: {}, nodes };
  if (!options.ordered) return { object: 'block', type: 'list-unordered', data: {}, nodes };
  const start = options.start;
  return { object: 'block', type: 'list-ordered', data: start !== undefined && start !== null && start !== 1 ? { start } : {}, nodes };
}
