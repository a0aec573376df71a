// After a crash: is an embedded data folder (DATA/quire.db and DATA/blobs) whole? The SQLite file's own checks,
// then the service's invariants, which no foreign key states: every space's head is one of its revisions, every
// revision is reached from a head and its content decodes and names stored documents and whole blobs, every change
// request's revisions and state agree, every site's structure points at things of that site. Run it on a folder no
// process is writing.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { SnapshotPage } from '../../src/model/index.ts';
import { openStore, sha256Hex } from '../../src/store/index.ts';

/**
 * Every problem found in the data folder, one line each (an empty list: the folder is whole).
 *
 * @example
 * expect(await checkServiceIntegrity(join(work, 'data'))).toEqual([]);
 */
export async function checkServiceIntegrity(dataDirectory: string): Promise<string[]> {
  const problems = checkDatabaseFile(join(dataDirectory, 'quire.db'));
  if (problems.length > 0) return problems; // a damaged file: the rest would only repeat it
  return [...checkRelations(join(dataDirectory, 'quire.db')), ...(await checkRevisionContent(dataDirectory))];
}

/** SQLite's `integrity_check` and `foreign_key_check`. */
function checkDatabaseFile(file: string): string[] {
  const database = new Database(file, { readonly: true });
  try {
    const integrity = database.pragma('integrity_check', { simple: true });
    const foreignKeys = database.pragma('foreign_key_check') as Array<{ table: string; rowid: number; parent: string }>;
    return [
      ...(integrity === 'ok' ? [] : [`integrity_check: ${String(integrity)}`]),
      ...foreignKeys.map((row) => `foreign_key_check: ${row.table} row ${row.rowid} names a missing ${row.parent}`),
    ];
  } finally {
    database.close();
  }
}

/** One invariant: a query that returns the rows breaking it, and how to name each. */
interface Invariant {
  rule: string;
  sql: string;
}

/** The revisions on the chains of first parents from every space's head: the spaces' histories. */
const spaceHistory = `WITH RECURSIVE history(id) AS (
  SELECT revision_id FROM spaces WHERE revision_id IS NOT NULL
  UNION SELECT json_extract(r.parents, '$[0]') FROM revisions r JOIN history ON r.id = history.id WHERE json_array_length(r.parents) > 0)`;

/** The revisions reached from any head (spaces, change requests, sync points) through all parents. */
const reachedRevisions = `WITH RECURSIVE reached(id) AS (
  SELECT id FROM (SELECT revision_id AS id FROM spaces UNION SELECT revision FROM change_requests UNION SELECT revision_initial FROM change_requests
    UNION SELECT revision_merged FROM change_requests UNION SELECT revision_merged_ancestor FROM change_requests UNION SELECT revision_id FROM sync_points) WHERE id IS NOT NULL
  UNION SELECT p.value FROM revisions r JOIN reached ON r.id = reached.id, json_each(r.parents) p)`;

const invariants: Invariant[] = [
  { rule: 'a space has a head revision of its own', sql: `SELECT s.id AS id FROM spaces s LEFT JOIN revisions r ON r.id = s.revision_id WHERE r.id IS NULL OR r.space_id <> s.id` },
  {
    rule: 'a space hands out change request numbers above every one it has',
    sql: `SELECT s.id AS id FROM spaces s JOIN change_requests c ON c.space_id = s.id GROUP BY s.id HAVING MAX(c.number) > MAX(s.change_request_seq)`,
  },
  { rule: 'change request numbers are unique in a space', sql: `SELECT space_id || '#' || number AS id FROM change_requests GROUP BY space_id, number HAVING COUNT(*) > 1` },
  ...(['revision_initial', 'revision', 'revision_merged', 'revision_merged_ancestor'] as const).map((column) => ({
    rule: `a change request's ${column} is a revision of its space`,
    sql: `SELECT c.id AS id FROM change_requests c LEFT JOIN revisions r ON r.id = c.${column} WHERE c.${column} IS NOT NULL AND (r.id IS NULL OR r.space_id <> c.space_id)`,
  })),
  { rule: 'a change request has a known status', sql: `SELECT id FROM change_requests WHERE status NOT IN ('draft', 'open', 'merged', 'archived')` },
  {
    rule: 'a change request is merged exactly when it names its merge, who merged it and when',
    sql: `SELECT id FROM change_requests WHERE (status = 'merged') <> (revision_merged IS NOT NULL AND merged_by IS NOT NULL AND merged_at IS NOT NULL)`,
  },
  {
    rule: "a merged change request's merge revision says it merged that change request",
    sql: `SELECT c.id AS id FROM change_requests c JOIN revisions r ON r.id = c.revision_merged WHERE r.merged_from IS NOT c.id`,
  },
  {
    // A writer that loses the compare-and-set of a head discards its revision; one killed before it moved the head
    // leaves it, and `quire serve` discards it on its next start (QUIRE_ORPHAN_GRACE_MS=0, as the campaigns run it)
    // or once a minute old. So every revision is reached; and a merge one in a space's history merged its change request.
    rule: 'every revision is reached from a head (a space, a change request, a sync point) through parents',
    sql: `${reachedRevisions} SELECT r.id AS id FROM revisions r LEFT JOIN reached ON reached.id = r.id WHERE reached.id IS NULL`,
  },
  {
    rule: "a merge revision in a space's history names a change request of that space merged by it",
    sql: `${spaceHistory} SELECT r.id AS id FROM history h JOIN revisions r ON r.id = h.id LEFT JOIN change_requests c ON c.id = r.merged_from
          WHERE r.merged_from IS NOT NULL AND (c.id IS NULL OR c.status <> 'merged' OR c.space_id <> r.space_id OR c.revision_merged <> r.id)`,
  },
  {
    rule: "a merged change request's merge is in its space's history",
    sql: `${spaceHistory} SELECT c.id AS id FROM change_requests c LEFT JOIN history h ON h.id = c.revision_merged WHERE c.status = 'merged' AND h.id IS NULL`,
  },
  {
    rule: "a revision's parents are revisions of its space",
    sql: `SELECT r.id AS id FROM revisions r, json_each(r.parents) p LEFT JOIN revisions q ON q.id = p.value WHERE q.id IS NULL OR q.space_id <> r.space_id`,
  },
  { rule: "a revision's content object is stored", sql: `SELECT r.id AS id FROM revisions r LEFT JOIN objects o ON o.hash = r.content WHERE o.hash IS NULL` },
  { rule: "a sync point's revision is of its space", sql: `SELECT s.space_id || ' ' || s.ref AS id FROM sync_points s JOIN revisions r ON r.id = s.revision_id WHERE r.space_id <> s.space_id` },
  { rule: "a site's spaces are spaces that are not deleted", sql: `SELECT ss.id AS id FROM site_spaces ss JOIN spaces s ON s.id = ss.space_id WHERE s.deleted_at IS NOT NULL` },
  {
    rule: "a site space's section is of its site, and its level key says which",
    sql: `SELECT ss.id AS id FROM site_spaces ss LEFT JOIN site_sections sc ON sc.id = ss.section_id
          WHERE ss.level_key <> COALESCE(ss.section_id, '') OR (ss.section_id IS NOT NULL AND (sc.id IS NULL OR sc.site_id <> ss.site_id))`,
  },
  {
    rule: "a section's group is of its site",
    sql: `SELECT sc.id AS id FROM site_sections sc JOIN site_section_groups g ON g.id = sc.group_id WHERE g.site_id <> sc.site_id`,
  },
  {
    rule: "a section's default site space is one of its own",
    sql: `SELECT sc.id AS id FROM site_sections sc LEFT JOIN site_spaces ss ON ss.id = sc.default_site_space_id
          WHERE sc.default_site_space_id IS NOT NULL AND (ss.id IS NULL OR ss.section_id IS NOT sc.id)`,
  },
  {
    rule: "a site's default section is one of its own",
    sql: `SELECT s.id AS id FROM sites s LEFT JOIN site_sections sc ON sc.id = s.default_section_id WHERE s.default_section_id IS NOT NULL AND (sc.id IS NULL OR sc.site_id <> s.id)`,
  },
  {
    rule: "a site's default site space is one of its root",
    sql: `SELECT s.id AS id FROM sites s LEFT JOIN site_spaces ss ON ss.id = s.default_site_space_id
          WHERE s.default_site_space_id IS NOT NULL AND (ss.id IS NULL OR ss.site_id <> s.id OR ss.section_id IS NOT NULL)`,
  },
  {
    rule: "an organization's default content is one of its sites",
    sql: `SELECT o.id AS id FROM organizations o LEFT JOIN sites s ON s.id = json_extract(o.default_content, '$.site')
          WHERE o.default_content IS NOT NULL AND (s.id IS NULL OR s.organization_id <> o.id)`,
  },
];

function checkRelations(file: string): string[] {
  const database = new Database(file, { readonly: true });
  try {
    return invariants.flatMap(({ rule, sql }) => (database.prepare(sql).all() as Array<{ id: string }>).map((row) => `${rule}: not so for ${row.id}`));
  } finally {
    database.close();
  }
}

/** Every revision read through the store (its objects decode), and every document and blob it names is stored. */
async function checkRevisionContent(dataDirectory: string): Promise<string[]> {
  const database = new Database(join(dataDirectory, 'quire.db'), { readonly: true });
  const revisionIds = (database.prepare('SELECT id FROM revisions').all() as Array<{ id: string }>).map((row) => row.id);
  database.close();
  const problems: string[] = [];
  const documents = new Map<string, string>();
  const blobs = new Map<string, string>();
  const store = await openStore({ kind: 'sqlite', directory: dataDirectory });
  try {
    for (const id of revisionIds) {
      try {
        const revision = await store.getRevision(id);
        for (const documentId of documentIdsOf(revision.pages)) documents.set(documentId, id);
        for (const reusable of revision.reusableContents) {
          const document = (reusable as { document?: string }).document;
          if (document !== undefined) documents.set(document, id);
        }
        for (const file of revision.files) blobs.set(file.blob, id);
      } catch (error) {
        problems.push(`revision ${id} does not read back: ${(error as Error).message}`);
      }
    }
    const stored = await store.getDocuments(documents.keys());
    for (const [documentId, revision] of documents) if (!stored.has(documentId)) problems.push(`revision ${revision} names document ${documentId}, which is not stored`);
    for (const [blob, revision] of blobs) {
      if (!(await store.hasBlob(blob))) problems.push(`revision ${revision} names blob ${blob}, which is not stored`);
      else if (sha256Hex(await store.getBlob(blob)) !== blob) problems.push(`blob ${blob} (of revision ${revision}) is torn: its bytes have another digest`);
    }
  } finally {
    await store.close();
  }
  return problems;
}

function documentIdsOf(pages: readonly SnapshotPage[]): string[] {
  return pages.flatMap((page) => {
    const documentId = (page as { documentId?: string }).documentId; // a document page's body, when it has one
    return [...(documentId === undefined ? [] : [documentId]), ...('pages' in page ? documentIdsOf(page.pages) : [])];
  });
}
