import type { ContentRef, RevisionPageComputed } from '@gitbook/api';
import { slugify, uniqueSlug } from '../format/slug.ts';
import type { SnapshotPage } from '../model/revision-snapshot.ts';
import { invalidChange } from './change-error.ts';
import type { ContentBatch } from './content-batch.ts';
import { checkSlugIsFree, parentFor, positionFor } from './page-placement.ts';
import { readPageFieldUpdate, withPageFields } from './page-update-fields.ts';
import type { QuireInsertPageChange } from './quire-changes.ts';

const pageKinds = ['group', 'link', 'computed'] as const;

/**
 * `quire_insert_page` (docs/api-extensions.md, `page-kinds`): a group (at the root only), a link page (`target`,
 * a `ContentRef` of kind `url`, `page`, `anchor` or `file`) or a computed page (`computed`, its source), under
 * `into` (the root when omitted) at `at` (the end when omitted). `title` is required; a group's slug is `slug` or
 * made from the title; `linkTitle`, `emoji`, `icon`... are set like `update_page` sets them. Errors name the
 * field (`changes[2].target.page: ...`).
 *
 * @example
 * applyInsertPageKind(batch, { operation: 'quire_insert_page', type: 'link', title: 'Site', target: { kind: 'url', url: 'https://example.com' } }, 0);
 */
export function applyInsertPageKind(batch: ContentBatch, change: QuireInsertPageChange, index: number): void {
  const { draft } = batch;
  const raw = change as unknown as Record<string, unknown>;
  const type = raw['type'];
  if (!pageKinds.includes(type as (typeof pageKinds)[number])) {
    throw invalidChange(index, 'type', `must be one of ${pageKinds.join(', ')} (documents are inserted with insert_page)`);
  }
  for (const key of ['document', 'git'] as const) if (raw[key] !== undefined) throw invalidChange(index, key, `a ${String(type)} page has no ${key === 'git' ? 'file in Git' : 'document'}`);
  if (type !== 'link' && raw['target'] !== undefined) throw invalidChange(index, 'target', `only link pages have a target (this is a ${String(type)} page)`);
  if (type !== 'computed' && raw['computed'] !== undefined) throw invalidChange(index, 'computed', `only computed pages have a computed source (this is a ${String(type)} page)`);

  const fields = readPageFieldUpdate(raw, index);
  if (fields.title === undefined) throw invalidChange(index, 'title', 'is required');
  if (type !== 'group' && fields.slug !== undefined) throw invalidChange(index, 'slug', `a ${type} page has no slug (only groups and documents have one)`);
  if (type === 'group' && change.into !== undefined && change.into !== null) throw invalidChange(index, 'into', 'groups stay at the root: leave into out (or null)');
  const parent = parentFor(draft, change.into, index, 'into');
  const at = positionFor(change.at, index);
  const id = batch.context.newId();

  let base: SnapshotPage;
  if (type === 'group') {
    const slug = fields.slug ?? uniqueSlug(slugify(fields.title), (candidate) => draft.slugTaken(parent, candidate));
    base = { id, title: fields.title, kind: 'group', type: 'group', slug, path: '', pages: [] };
  } else if (type === 'link') {
    base = { id, title: fields.title, kind: 'link', type: 'link', target: readTarget(batch, raw['target'], index) };
  } else {
    base = { id, title: fields.title, type: 'computed', computed: readComputed(raw['computed'], index) };
  }
  const page = withPageFields(base, { ...fields, title: undefined, slug: undefined }, index);
  checkSlugIsFree(draft, page, parent, index, 'slug');
  batch.claimRef(change.ref, 'page', id, index, 'ref');

  draft.insert(page, parent, at);
  batch.created(id, change.ref);
}

/** A link page's target: an external URL, a page (or an anchor in it) or a file of the change request. */
function readTarget(batch: ContentBatch, value: unknown, index: number): ContentRef {
  const field = 'target';
  if (value === undefined) throw invalidChange(index, field, 'is required for a link page: { "kind": "url", "url": "..." }, { "kind": "page", "page": "<id>" }...');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidChange(index, field, 'must be a content reference object');
  const ref = value as Record<string, unknown>;
  const string = (key: string) => {
    const text = ref[key];
    if (typeof text !== 'string' || text === '') throw invalidChange(index, `${field}.${key}`, 'must be a non-empty string');
    return text;
  };
  const page = () => {
    const id = string('page');
    if (batch.draft.page(id) === undefined) throw invalidChange(index, `${field}.page`, `page ${id} is not in the change request`);
    return id;
  };
  switch (ref['kind']) {
    case 'url':
      return { kind: 'url', url: string('url') };
    case 'page':
      return { kind: 'page', page: page() };
    case 'anchor':
      return { kind: 'anchor', page: page(), anchor: string('anchor') };
    case 'file': {
      const id = string('file');
      if (!batch.files.some((file) => file.id === id)) throw invalidChange(index, `${field}.file`, `file ${id} is not in the change request`);
      return { kind: 'file', file: id };
    }
    default:
      throw invalidChange(index, `${field}.kind`, 'must be one of url, page, anchor, file');
  }
}

/** A computed page's source: an object with a `type` (`builtin:openapi`, `integration:...`), kept as given. */
function readComputed(value: unknown, index: number): RevisionPageComputed['computed'] {
  const field = 'computed';
  if (value === undefined) throw invalidChange(index, field, 'is required for a computed page: its source, { "type": "...", "props": { ... } }');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidChange(index, field, 'must be an object { "type": "...", "props": { ... } }');
  const source = value as Record<string, unknown>;
  if (typeof source['type'] !== 'string' || source['type'] === '') throw invalidChange(index, `${field}.type`, 'must be a non-empty string');
  for (const key of ['props', 'dependencies']) {
    const part = source[key];
    if (part !== undefined && (typeof part !== 'object' || part === null || Array.isArray(part))) throw invalidChange(index, `${field}.${key}`, 'must be an object');
  }
  return structuredClone(source) as unknown as RevisionPageComputed['computed'];
}
