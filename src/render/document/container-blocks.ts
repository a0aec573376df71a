// GitBook's blocks that hold blocks: hint, tabs, stepper, columns, updates, condition (`if`), expandable
// (`<details>`). Each one's content is fitted to what the model lets it hold.
import type {
  DocumentBlock,
  DocumentBlockColumn,
  DocumentBlockColumns,
  DocumentBlockHint,
  DocumentBlockIf,
  DocumentBlockStepper,
  DocumentBlockStepperStep,
  DocumentBlockTabs,
  DocumentBlockTabsItem,
  DocumentBlockUpdate,
  DocumentMarkBold,
  VerticalAlignment,
} from '@gitbook/api';
import type { Columns, Condition, Details, Hint, Stepper, Tabs, Updates } from '../../markdown/index.ts';
import type { ConversionState } from './conversion-state.ts';
import { textParagraph } from './document-nodes.ts';
import { expandableBlock } from './expandable-block.ts';
import { htmlInlines } from './html-to-blocks.ts';
import { iconName } from './icon-name.ts';
import { lengthOf } from './images-block.ts';

const bold: DocumentMarkBold = { object: 'mark', type: 'bold' };
const hintStyles = new Set(['info', 'warning', 'danger', 'success']);

/** A hint; a style the model does not have is `info`, GitBook's default. */
export function hintBlock(node: Hint, state: ConversionState): DocumentBlockHint {
  const style = hintStyles.has(node.style ?? '') ? (node.style as DocumentBlockHint['data']['style']) : 'info';
  const icon = iconName(node.icon);
  return { object: 'block', type: 'hint', data: { style, ...(icon ? { icon } : {}) }, nodes: state.blocks(node.children, 'hint') as DocumentBlockHint['nodes'] };
}

export function tabsBlock(node: Tabs, state: ConversionState): DocumentBlockTabs {
  const nodes = node.children.map((tab): DocumentBlockTabsItem => {
    const icon = iconName(tab.icon);
    return {
      object: 'block',
      type: 'tabs-item',
      data: { ...(tab.title === undefined ? {} : { title: tab.title }), ...(icon ? { icon } : {}) },
      nodes: state.blocks(tab.children, 'tabs-item') as DocumentBlockTabsItem['nodes'],
    };
  });
  return { object: 'block', type: 'tabs', data: {}, nodes };
}

export function stepperBlock(node: Stepper, state: ConversionState): DocumentBlockStepper {
  const nodes = node.children.map((step): DocumentBlockStepperStep => ({
    object: 'block',
    type: 'stepper-step',
    data: {},
    nodes: state.blocks(step.children, 'stepper-step') as DocumentBlockStepperStep['nodes'],
  }));
  return { object: 'block', type: 'stepper', data: {}, nodes };
}

const alignments = new Set(['top', 'middle', 'bottom']);

/** Columns; `width="50%"` is a length in percent, `valign` the vertical alignment. */
export function columnsBlock(node: Columns, state: ConversionState): DocumentBlockColumns {
  const nodes = node.children.map((column): DocumentBlockColumn => {
    const width = lengthOf(column.width);
    return {
      object: 'block',
      type: 'column',
      data: {
        ...(width === undefined ? {} : { width }),
        ...(alignments.has(column.valign ?? '') ? { verticalAlignment: column.valign as VerticalAlignment } : {}),
      },
      nodes: state.blocks(column.children, 'column') as DocumentBlockColumn['nodes'],
    };
  });
  return { object: 'block', type: 'columns', isVoid: false, data: {}, nodes };
}

const formats = new Set(['numeric', 'full', 'short']);

/**
 * Updates. The model needs a date-time for each update: `2025-12-25` is that day at midnight UTC. When an update
 * has no readable date, the block cannot be an `updates` block: each update is its date in bold and its content.
 */
export function updatesBlocks(node: Updates, state: ConversionState): DocumentBlock[] {
  const dates = node.children.map((update) => timestamp(update.date));
  if (dates.some((date) => date === undefined)) {
    return node.children.flatMap((update) => [
      ...(update.date ? [textParagraph(update.date, [bold])] : []),
      ...(update.tags && update.tags.length > 0 ? [textParagraph(update.tags.join(', '))] : []),
      ...state.blocks(update.children, 'update'),
    ]);
  }
  const nodes = node.children.map((update, index): DocumentBlockUpdate => {
    const block: DocumentBlockUpdate = {
      object: 'block',
      type: 'update',
      data: { date: dates[index]!, ...(update.tags && update.tags.length > 0 ? { tags: update.tags.map((tag) => ({ kind: 'tag' as const, tag })) } : {}) },
      nodes: state.blocks(update.children, 'update') as DocumentBlockUpdate['nodes'],
    };
    state.labels.set(block, update.date ?? '');
    return block;
  });
  return [{ object: 'block', type: 'updates', data: { format: formats.has(node.format ?? '') ? (node.format as 'full') : 'full' }, nodes }];
}

function timestamp(date: string | undefined): string | undefined {
  if (date === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date.trim()) ? `${date.trim()}T00:00:00.000Z` : date.trim();
  const time = Date.parse(day);
  if (Number.isNaN(time) || !/^\d{4}-/.test(day)) return undefined;
  const iso = new Date(time).toISOString();
  return /^\d{4}-/.test(iso) ? iso : undefined;
}

/**
 * A condition: the model holds its expression as written. `{% else %}` and `{% elsif x %}` inside it (which the
 * model has no place for) split it into one `if` per branch, each branch's expression negating the ones before.
 * Only the document holds `if` blocks; elsewhere the content is shown as if the condition held.
 */
export function conditionBlocks(node: Condition, state: ConversionState): DocumentBlockIf[] {
  const branches: { expression: string; children: Condition['children'] }[] = [{ expression: node.expression, children: [] }];
  for (const child of node.children) {
    const branch = child.type === 'liquidTag' ? elseBranch(child.value) : undefined;
    if (branch === undefined) {
      branches[branches.length - 1]!.children.push(child);
      continue;
    }
    const previous = branches.map((earlier) => `!(${earlier.expression})`).join(' && ');
    branches.push({ expression: branch === '' ? previous : `${previous} && (${branch})`, children: [] });
  }
  return branches.map((branch) => ({
    object: 'block',
    type: 'if',
    data: { expression: branch.expression },
    nodes: state.blocks(branch.children, 'if') as DocumentBlockIf['nodes'],
  }));
}

/** `''` for `{% else %}`, the condition of `{% elsif x %}` / `{% elseif x %}`, `undefined` for other tags. */
function elseBranch(tag: string): string | undefined {
  const match = /^\{%-?\s*(else|elsif|elseif)\b\s*([\s\S]*?)\s*-?%\}$/.exec(tag);
  if (!match) return undefined;
  return match[1] === 'else' ? '' : match[2] || undefined;
}

/** `<details>`: the summary (HTML) is the title. */
export function detailsBlock(node: Details, state: ConversionState): DocumentBlock {
  return expandableBlock(htmlInlines(node.summary, state), state.blocks(node.children, 'expandable-body'), node.open === true, state.labels);
}
