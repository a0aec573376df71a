/**
 * What `apply` does when the space refuses a change: the refusal is reported on the change's own items (once
 * each, with the line the space names), and the changes that depend on what the refused one would have created
 * still go in where they can: a page placed under a refused page goes under the refused page's parent (its place
 * among the siblings left to the space), and a refused page's title in `SUMMARY.md` is left out. Only a change
 * that names a refused page or file in any other way (a link page's target) is refused with it.
 */
import type { ContentChange } from '../client/index.ts';
import type { PlanItem } from './plan-item.ts';
import { isPlaceholder, type SendableChange } from './planned-change.ts';

/** The refused creations of a run: placeholder → where a page placed under it goes instead (undefined: the root). */
export type RefusedCreations = Map<string, { into: string | undefined; path: string | undefined }>;

/**
 * The items of a refused change, marked failed with the space's reason, and the line it names in the file (the
 * space says "on line 3" or "(line 3)" about a page's Markdown).
 *
 * @example
 * refusedItems([{ outcome: 'created', side: 'space', kind: 'page', path: 'a.md' }], 'changes[0].document.markdown: the frontmatter is not valid YAML on line 3: ...')
 * // → [{ outcome: 'failed', ..., path: 'a.md', line: 3, detail: 'document.markdown: the frontmatter is not valid YAML on line 3: ...' }]
 */
export function refusedItems(items: readonly PlanItem[], reason: string): PlanItem[] {
  // The space names the change by its place in the batch (`changes[3].document.markdown: ...`): the item says which.
  const detail = reason.replace(/^changes\[\d+\]\.?/, '');
  const line = /\b(?:on line|line) (\d+)\b/.exec(detail)?.[1];
  return items.map((item) => ({ ...item, outcome: 'failed', detail, ...(line === undefined || item.path === undefined ? {} : { line: Number(line) }) }));
}

/**
 * Notes what a refused change would have created, so the changes that need it can do without it.
 *
 * @example
 * noteRefused(refused, planned); // planned.creates → refused, with planned.change.into
 */
export function noteRefused(refused: RefusedCreations, planned: SendableChange): void {
  const into = (planned.change as { into?: unknown }).into;
  for (const placeholder of planned.creates) {
    refused.set(placeholder, { into: typeof into === 'string' ? into : undefined, path: planned.items[0]?.path });
  }
}

/**
 * `planned` without what it needs from refused changes: the change to send instead, or why it cannot be sent.
 * `missing` are the placeholders it needs that have no id.
 *
 * @example
 * detachFromRefused(planned, ['@quire-page-1'], refused) // → { change: { ...planned, change: { ..., into: 'parentId' } }, note: 'placed higher up: ...' }
 */
export function detachFromRefused(planned: SendableChange, missing: readonly string[], refused: RefusedCreations): { change: SendableChange; note?: string } | { reason: string } {
  const unknown = missing.find((placeholder) => !refused.has(placeholder));
  if (unknown !== undefined) return { reason: `depends on ${unknown}, which the space did not create` };
  const copy: Record<string, unknown> = { ...(planned.change as Record<string, unknown>) };
  let note: string | undefined;
  if (isPlaceholder(copy['into']) && refused.has(copy['into'])) {
    note = `placed higher up: ${refused.get(copy['into'])!.path ?? 'its parent'} was refused`;
    const into = fallbackParent(copy['into'], refused);
    delete copy['at'];
    if (into !== undefined) copy['into'] = into;
    else if (copy['operation'] === 'update_page') copy['into'] = null;
    else delete copy['into'];
  }
  const source = copy['source'] as { summaryTitles?: Record<string, unknown> } | undefined;
  if (source?.summaryTitles) {
    copy['source'] = { ...source, summaryTitles: Object.fromEntries(Object.entries(source.summaryTitles).filter(([key]) => !refused.has(key))) };
  }
  const needs = planned.needs.filter((placeholder) => !refused.has(placeholder));
  const stillNamed = missing.find((placeholder) => JSON.stringify(copy).includes(JSON.stringify(placeholder)));
  if (stillNamed !== undefined) return { reason: `names ${refused.get(stillNamed)!.path ?? stillNamed}, which the space refused` };
  const change = { ...planned, change: copy as ContentChange, needs };
  return note === undefined ? { change } : { change, note };
}

/**
 * A refused change that carries independent parts, in parts, so one refused part does not keep the others out:
 * an `insert_files` of several files, file by file; a `quire_set_directory` that sets the variables
 * (`.gitbook/vars.yaml`) and more, as two changes. Undefined for a change that has no such parts.
 *
 * @example
 * smallerParts(insertOfThreeFiles)?.length // → 3
 */
export function smallerParts(planned: SendableChange): SendableChange[] | undefined {
  const change = planned.change as { operation: string; files?: unknown[]; source?: Record<string, unknown>; variables?: unknown };
  if (change.operation === 'insert_files' && change.files !== undefined && change.files.length > 1) {
    return change.files.map((file, index) => ({
      change: { ...change, files: [file] } as unknown as ContentChange,
      creates: planned.creates[index] === undefined ? [] : [planned.creates[index]],
      needs: planned.needs,
      items: planned.items[index] === undefined ? [] : [planned.items[index]],
      weight: Math.ceil(planned.weight / change.files!.length),
    }));
  }
  if (change.operation === 'quire_set_directory') {
    const { varsText, ...source } = change.source ?? {};
    const variables = 'variables' in change || varsText !== undefined;
    if (!variables || Object.keys(source).length === 0) return undefined;
    const isVars = (item: PlanItem) => item.path?.endsWith('.gitbook/vars.yaml') === true;
    const varsChange = { operation: 'quire_set_directory', source: varsText === undefined ? {} : { varsText }, ...('variables' in change ? { variables: change.variables } : {}) };
    return [
      { ...planned, change: { operation: 'quire_set_directory', source } as unknown as ContentChange, items: planned.items.filter((item) => !isVars(item)) },
      { ...planned, change: varsChange as unknown as ContentChange, needs: [], items: planned.items.filter(isVars), weight: 0 },
    ];
  }
  return undefined;
}

/** The nearest parent of a refused page that is not refused itself (undefined: the root). */
function fallbackParent(placeholder: string, refused: RefusedCreations): string | undefined {
  let into = refused.get(placeholder)?.into;
  while (into !== undefined && refused.has(into)) into = refused.get(into)!.into;
  return into;
}
