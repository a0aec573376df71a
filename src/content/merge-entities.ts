import type { MergeConflict } from './merge-conflict.ts';
import { mergeFields, mergeValue, sameFields } from './merge-fields.ts';
import { mergeOrder } from './merge-order.ts';
import type { BodyMerge } from './merge-page-tree.ts';

/** How to merge one kind of entity of a snapshot (files, reusable contents, tags). */
export interface EntityMergeOptions<E> {
  keyOf(entity: E): string;
  /** The conflict's subject: `{ fileId }`, `{ reusableContentId }`, `{ tag }`. */
  subject(key: string): Partial<MergeConflict>;
  /** The field holding a body to merge as text (`document` of reusable contents). */
  bodyField?: string;
}

const fixed: ReadonlySet<string> = new Set(['git']);

/**
 * Three-way merge of a list of entities by key, field by field, like pages without the tree: added, deleted
 * (deleted on one side and changed on the other conflicts), changed (different changes to a field conflict; a
 * Git path both changed is dropped). The list order is merged like sibling order; where the two sides reordered
 * differently, the result is ordered by key (the order of files or tags carries no meaning a user set).
 * Bodies both sides changed (in `bodyField`) are left to the caller, in `bodyMerges`, to be merged as text.
 *
 * @example
 * mergeEntities(base.files, ours.files, theirs.files, { keyOf: (file) => file.id, subject: (fileId) => ({ fileId }) }, conflicts)
 */
export function mergeEntities<E extends object>(
  base: readonly E[],
  ours: readonly E[],
  theirs: readonly E[],
  options: EntityMergeOptions<E>,
  conflicts: MergeConflict[],
): { entities: Map<string, E>; order: string[]; bodyMerges: Map<string, BodyMerge> } {
  const byKey = (list: readonly E[]) => new Map(list.map((entity) => [options.keyOf(entity), entity]));
  const [b, o, t] = [byKey(base), byKey(ours), byKey(theirs)];
  const entities = new Map<string, E>();
  const bodyMerges = new Map<string, BodyMerge>();
  const skip = new Set(['git', ...(options.bodyField === undefined ? [] : [options.bodyField])]);

  for (const key of new Set([...o.keys(), ...t.keys()])) {
    const [inBase, inOurs, inTheirs] = [b.get(key), o.get(key), t.get(key)];
    if (inOurs === undefined || inTheirs === undefined) {
      const kept = (inOurs ?? inTheirs)!;
      if (inBase === undefined) entities.set(key, kept);
      else if (inBase !== kept && !sameFields(asRecord(inBase), asRecord(kept), fixed)) {
        conflicts.push({ ...options.subject(key), field: 'deleted', reason: 'deleted on one side and changed on the other' });
      }
      continue;
    }
    if (inOurs === inTheirs || inBase === inTheirs) {
      entities.set(key, inOurs);
      continue;
    }
    if (inBase === inOurs) {
      entities.set(key, inTheirs);
      continue;
    }
    const merged = mergeFields(inBase && asRecord(inBase), asRecord(inOurs), asRecord(inTheirs), skip, (field) => {
      conflicts.push({ ...options.subject(key), field, reason: inBase === undefined ? 'added on both sides with different values' : 'changed differently on both sides' });
      return undefined;
    });
    const git = mergeValue(inBase && asRecord(inBase).git, asRecord(inOurs).git, asRecord(inTheirs).git);
    if (git.ok && git.value !== undefined) merged.git = git.value;
    if (options.bodyField !== undefined) {
      const field = options.bodyField;
      const bodies = [inBase && asRecord(inBase)[field], asRecord(inOurs)[field], asRecord(inTheirs)[field]] as Array<string | undefined>;
      const body = mergeValue(bodies[0], bodies[1], bodies[2]);
      if (!body.ok) bodyMerges.set(key, { base: bodies[0], ours: bodies[1], theirs: bodies[2] });
      else if (body.value !== undefined) merged[field] = body.value;
    }
    const same = !bodyMerges.has(key) && (sameFields(merged, asRecord(inOurs), new Set()) ? inOurs : sameFields(merged, asRecord(inTheirs), new Set()) ? inTheirs : undefined);
    entities.set(key, same || (merged as E));
  }

  const present = (list: readonly E[]) => list.map(options.keyOf).filter((key) => entities.has(key));
  const order = mergeOrder(present(base), present(ours), present(theirs)) ?? [...entities.keys()].sort();
  return { entities, order, bodyMerges };
}

function asRecord(entity: object): Record<string, unknown> {
  return entity as Record<string, unknown>;
}
