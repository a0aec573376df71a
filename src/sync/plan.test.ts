import { describe, expect, it } from 'vitest';
import { readDirectory } from '../format/index.ts';
import { plan } from './plan.ts';
import type { SyncOptions } from './sync-options.ts';
import type { GitSide, RevisionContent, SpaceRevision, SpaceSide } from './sync-sides.ts';
import { structurePaths } from './fast-content-changes.ts';
import type { PlannedChange } from './planned-change.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const dir = (entries: Record<string, string>) => new Map(Object.entries(entries).map(([path, text]) => [path, encode(text)]));
const options: SyncOptions = { direction: 'both', prefix: '', ref: 'refs/heads/main', messagePrefix: 'DOCS' };
const head = { oid: 'c'.repeat(40), subject: 'Edit the guide', message: 'Edit the guide\n', timestamp: 1_700_000_000 };
const syncPoint = { revisionId: 'rev0', commit: 'b'.repeat(40) };

/** The space's content for a directory: what a space that imported it holds (ids derived, Git paths recorded). */
function contentOf(files: Map<string, Uint8Array>): RevisionContent {
  const { revision } = readDirectory(files).bundle;
  return { pages: revision.pages, files: revision.files, reusableContents: revision.reusableContents };
}

function gitSide(base: Map<string, Uint8Array>, now: Map<string, Uint8Array>, extra: Partial<GitSide> = {}): GitSide {
  const changes = new Map<string, Uint8Array | null>();
  for (const [path, bytes] of now) if (Buffer.compare(Buffer.from(base.get(path) ?? []), Buffer.from(bytes)) !== 0 || !base.has(path)) changes.set(path, bytes);
  for (const path of base.keys()) if (!now.has(path)) changes.set(path, null);
  return { ref: 'refs/heads/main', head, lastChange: head, headFiles: now, baseFiles: base, changes, complete: true, structure: structurePaths({ root: '', summary: 'SUMMARY.md' }), ...extra };
}

function spaceSide(content: RevisionContent, extra: Partial<SpaceSide> = {}): SpaceSide {
  return { spaceId: 'space', live: { id: 'rev-live', content }, revisions: [], files: undefined, isEmpty: content.pages.length === 0, target: undefined, ...extra };
}

const changesOf = (batches: PlannedChange[][] | undefined) => (batches ?? []).flat().map((planned) => planned.change as unknown as Record<string, unknown>);
const operations = (batches: PlannedChange[][] | undefined) => changesOf(batches).map((change) => change['operation']);

const base = dir({
  'README.md': '# Welcome\n\nHello.\n',
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n* [FAQ](faq.md)\n',
  'guide/README.md': '# Guide\n\nRead on.\n',
  'guide/install.md': '# Install\n\nRun it.\n',
  'faq.md': '---\ndescription: Questions\n---\n\n# FAQ\n\nAsk.\n',
});

describe('plan: first sync', () => {
  it('imports everything into an empty space, parents before children, the directory last', () => {
    const withGroup = new Map(base);
    withGroup.set('SUMMARY.md', encode(`${new TextDecoder().decode(base.get('SUMMARY.md'))}\n## Reference\n\n* [Terms](reference/terms.md)\n`));
    withGroup.set('reference/terms.md', encode('# Terms\n\n![](../.gitbook/assets/a.png)\n'));
    withGroup.set('.gitbook/assets/a.png', new Uint8Array([137, 80, 78, 71]));
    withGroup.set('.gitbook/includes/note.md', encode('---\ntitle: Note\n---\n\nShared.\n'));
    const result = plan(undefined, gitSide(new Map(), withGroup, { baseFiles: new Map(), changes: new Map() }), spaceSide({ pages: [], files: [], reusableContents: [] }, { isEmpty: true }), options);
    expect(result.mode).toBe('import');
    expect(result.import?.merge).toBe(true);
    expect(result.import?.record).toEqual({ oid: head.oid, message: head.message });
    const ops = operations(result.import?.batches);
    expect(ops[0]).toBe('insert_files');
    expect(ops[1]).toBe('quire_upsert_reusable_content');
    expect(ops.at(-1)).toBe('quire_set_directory');
    const changes = changesOf(result.import?.batches);
    const install = changes.find((change) => (change['git'] as { path?: string } | undefined)?.path === 'guide/install.md')!;
    expect(install['document']).toEqual({ markdown: '# Install\n\nRun it.\n' });
    const guide = changes.find((change) => (change['git'] as { path?: string } | undefined)?.path === 'guide/README.md')!;
    expect(install['into']).toBe(`@${guide['ref']}`);
    // The child names its parent by placeholder, so it goes in a later batch than its parent.
    const batchOf = (change: Record<string, unknown>) => result.import!.batches.findIndex((batch) => batch.some((planned) => planned.change === (change as unknown)));
    expect(batchOf(install)).toBeGreaterThan(batchOf(guide));
    const group = changes.find((change) => change['operation'] === 'quire_insert_page')!;
    expect(group).toMatchObject({ type: 'group', title: 'Reference', slug: 'reference' });
    expect(result.items.filter((item) => item.outcome === 'created').map((item) => item.path ?? item.title)).toContain('reference/terms.md');
  });

  it('asks for --prefer when both sides have different content, and records when they agree', () => {
    const other = dir({ 'README.md': '# Other\n' });
    const refused = plan(undefined, gitSide(new Map(), base), spaceSide(contentOf(other), { files: other }), options);
    expect(refused.mode).toBe('needs-preference');
    expect(refused.import).toBeUndefined();
    expect(refused.commits).toEqual([]);

    const same = plan(undefined, gitSide(new Map(), base), spaceSide(contentOf(base), { files: base }), options);
    expect(same.mode).toBe('in-sync');
    expect(same.recordLive).toEqual({ oid: head.oid, message: head.message });
  });

  it('with --prefer space, commits the space over Git; with --prefer git, imports Git over the space', () => {
    const other = dir({ 'README.md': '# Other\n', 'SUMMARY.md': '* [Other](README.md)\n' });
    const space = plan(undefined, gitSide(new Map(), base), spaceSide(contentOf(other), { files: other }), { ...options, prefer: 'space' });
    expect(space.mode).toBe('export');
    expect(space.commits).toHaveLength(1);
    expect([...space.commits[0]!.write.keys()].sort()).toEqual(['README.md', 'SUMMARY.md']);
    expect(space.commits[0]!.delete.sort()).toEqual(['faq.md', 'guide/README.md', 'guide/install.md']);

    const git = plan(undefined, gitSide(new Map(), base), spaceSide(contentOf(other), { files: other }), { ...options, prefer: 'git' });
    expect(git.mode).toBe('import');
    expect(operations(git.import?.batches)).toContain('update_page');
  });
});

describe('plan: from a sync point', () => {
  it('does nothing when neither side changed', () => {
    const result = plan(syncPoint, gitSide(base, base), spaceSide(contentOf(base)), options);
    expect(result.mode).toBe('in-sync');
    expect(result.import).toBeUndefined();
  });

  it('sends a page edited in place as one whole-file update, without reading the rest (the quick way)', () => {
    const after = encode('---\nhidden: true\n---\n\n# FAQ\n\nAsk us.\n');
    const git: GitSide = { ...gitSide(base, base), complete: false, headFiles: new Map([['faq.md', after]]), baseFiles: new Map([['faq.md', base.get('faq.md')!]]), changes: new Map([['faq.md', after]]) };
    const content = contentOf(base);
    const result = plan(syncPoint, git, spaceSide(content), options);
    expect(result.mode).toBe('import');
    const faq = content.pages.find((page) => page.title === 'FAQ')!;
    expect(changesOf(result.import?.batches)).toEqual([
      { operation: 'update_page', page: faq.id, document: { markdown: '---\nhidden: true\n---\n\n# FAQ\n\nAsk us.\n' }, git: { oid: expect.any(String), path: 'faq.md' }, description: '' },
    ]);
  });

  it('keeps a renamed page (same id, new slug and Git path) and moves a page to another parent', () => {
    const now = new Map(base);
    now.delete('guide/install.md');
    now.set('guide/setup.md', base.get('guide/install.md')!);
    now.set('SUMMARY.md', encode('# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/setup.md)\n  * [FAQ](faq.md)\n'));
    const content = contentOf(base);
    const result = plan(syncPoint, gitSide(base, now), spaceSide(content), options);
    const changes = changesOf(result.import?.batches);
    expect(changes.map((change) => change['operation'])).toEqual(['update_page', 'update_page', 'quire_set_directory']);
    const ids = new Map(readDirectory(base).bundle.revision.pages.flatMap((page) => [page, ...('pages' in page ? page.pages : [])]).map((page) => [page.title, page.id]));
    expect(changes[0]).toMatchObject({ page: ids.get('Install'), slug: 'setup', git: { path: 'guide/setup.md' } });
    expect(changes[0]).not.toHaveProperty('document');
    expect(changes[1]).toMatchObject({ page: ids.get('FAQ'), into: ids.get('Guide'), at: 1, git: { path: 'faq.md' } });
    expect(result.items.map((item) => item.outcome)).toEqual(['moved', 'moved', 'updated']);
  });

  it('deletes a page gone from Git', () => {
    const now = new Map(base);
    now.delete('faq.md');
    now.set('SUMMARY.md', encode('# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n'));
    const result = plan(syncPoint, gitSide(base, now), spaceSide(contentOf(base)), options);
    expect(operations(result.import?.batches)).toEqual(['delete_page', 'quire_set_directory']);
  });

  const edit = (files: Map<string, Uint8Array>, path: string, text: string) => new Map([...files, [path, encode(text)]]);
  const revision = (id: string, changes: Record<string, string | null>, number = 7): SpaceRevision => ({
    id,
    createdAt: '2026-01-01T00:00:00.000Z',
    changes: new Map(Object.entries(changes).map(([path, text]) => [path, text === null ? null : encode(text)])),
    changeRequest: { id: `cr-${number}`, number, subject: 'Fix the FAQ' },
    author: { name: 'Ada', email: 'ada@example.com' },
  });

  it('both sides changed different files: commits the revision, then imports Git\'s change', () => {
    const now = edit(base, 'guide/install.md', '# Install\n\nRun it twice.\n');
    const result = plan(syncPoint, gitSide(base, now), spaceSide(contentOf(base), { revisions: [revision('rev1', { 'faq.md': '---\ndescription: Questions\n---\n\n# FAQ\n\nAsk away.\n' })] }), options);
    expect(result.mode).toBe('both');
    expect(result.commits).toHaveLength(1);
    expect(result.commits[0]).toMatchObject({ revisionId: 'rev1', message: 'DOCS-7: Fix the FAQ', author: { name: 'Ada', email: 'ada@example.com' }, delete: [] });
    expect([...result.commits[0]!.write.keys()]).toEqual(['faq.md']);
    expect(changesOf(result.import?.batches)).toEqual([expect.objectContaining({ operation: 'update_page', document: { markdown: '# Install\n\nRun it twice.\n' } })]);
    expect(result.recordCommits).toBe(true);
  });

  it('both sides changed other lines of one file: merged, and each side gets the merge', () => {
    const page = (first: string, last: string) => `# Install\n\n${first}\n\nMiddle.\n\n${last}\n`;
    const start = edit(base, 'guide/install.md', page('One.', 'Three.'));
    const now = edit(start, 'guide/install.md', page('One, from Git.', 'Three.'));
    const result = plan(syncPoint, gitSide(start, now), spaceSide(contentOf(start), { revisions: [revision('rev1', { 'guide/install.md': page('One.', 'Three, from the space.') })] }), options);
    expect(result.mode).toBe('both');
    const merged = page('One, from Git.', 'Three, from the space.');
    expect(new TextDecoder().decode(result.commits[0]!.write.get('guide/install.md'))).toBe(merged);
    expect(changesOf(result.import?.batches)[0]).toMatchObject({ operation: 'update_page', document: { markdown: merged } });
  });

  it('a real conflict: the change request is left open, nothing committed', () => {
    const now = edit(base, 'faq.md', '# FAQ\n\nGit says.\n');
    const result = plan(syncPoint, gitSide(base, now), spaceSide(contentOf(base), { revisions: [revision('rev1', { 'faq.md': '# FAQ\n\nThe space says.\n' })] }), options);
    expect(result.mode).toBe('conflict');
    expect(result.conflicts).toEqual([{ path: 'faq.md', reason: 'both-changed', title: 'FAQ' }]);
    expect(result.commits).toEqual([]);
    expect(result.import?.merge).toBe(false);
    expect(result.import).toMatchObject({ changeRequest: { kind: 'create', subject: '[git:main] Edit the guide' }, record: { oid: head.oid } });

    const preferred = plan(syncPoint, gitSide(base, now), spaceSide(contentOf(base), { revisions: [revision('rev1', { 'faq.md': '# FAQ\n\nThe space says.\n' })] }), { ...options, prefer: 'space' });
    expect(preferred.mode).toBe('export');
    expect(new TextDecoder().decode(preferred.commits[0]!.write.get('faq.md'))).toBe('# FAQ\n\nThe space says.\n');
  });

  it('space → Git only, when Git also changed, is blocked rather than leaving Git\'s changes behind', () => {
    const now = edit(base, 'faq.md', '# FAQ\n\nGit says.\n');
    const result = plan(syncPoint, gitSide(base, now), spaceSide(contentOf(base), { revisions: [revision('rev1', { 'README.md': '# Welcome\n\nHi.\n' })] }), { ...options, direction: 'space-to-git' });
    expect(result.mode).toBe('blocked');
  });

  it('a pull request: one change request, left open, subject marked with the branch', () => {
    const now = edit(base, 'faq.md', '# FAQ\n\nPreview.\n');
    const result = plan(syncPoint, gitSide(base, now), spaceSide(contentOf(base)), { ...options, pullRequest: { branch: 'feature/faq', number: 4, headCommit: 'd'.repeat(40) } });
    expect(result.mode).toBe('preview');
    expect(result.import).toMatchObject({ changeRequest: { kind: 'create', subject: '[git:feature/faq] #4 Edit the guide' }, merge: false, record: { oid: 'd'.repeat(40) } });
  });
});
