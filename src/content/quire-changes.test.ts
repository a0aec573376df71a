// Quire's change operations (docs/api-extensions.md): `git` on the published ones and the `quire_*` changes.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors/quire-error.ts';
import type { RevisionSnapshot } from '../model/revision-snapshot.ts';
import { applyContentChanges } from './apply-content-changes.ts';
import { documentsFrom } from './document-lookup.ts';
import { locatePages } from './page-locations.ts';
import type { ContentChange } from './quire-changes.ts';
import { directoryOf, documentPage, sequentialIds, snapshotOf } from './snapshot-fixture.ts';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const base64 = (text: string) => Buffer.from(text).toString('base64');
const oid = (digit: string) => digit.repeat(40);

function space() {
  const bodies = new Map<string, string>();
  const snapshot = snapshotOf([documentPage('home', { title: 'Home', slug: 'home', body: 'Logo: ![logo](.gitbook/assets/logo.png)\n' }, bodies)], {
    files: [{ id: 'logo', name: 'logo.png', contentType: 'image/png', size: 3, blob: sha('old'), dimensions: { width: 1, height: 1 }, git: { oid: oid('1'), path: '.gitbook/assets/logo.png' } }],
    reusableContents: [{ id: 'rc', title: 'Snippet', document: undefined } as never],
  });
  return { snapshot, bodies };
}

async function apply(changes: unknown[], start = space()) {
  const applied = await applyContentChanges(start.snapshot, documentsFrom(start.bodies), changes as ContentChange[], { newId: sequentialIds() });
  const bodies = new Map([...start.bodies, ...applied.documents]);
  return { ...applied, bodies, directory: () => directoryOf(applied.snapshot, bodies) };
}

async function refusal(changes: unknown[], start = space()): Promise<string> {
  try {
    await applyContentChanges(start.snapshot, documentsFrom(start.bodies), changes as ContentChange[], { newId: sequentialIds() });
  } catch (error) {
    if (isQuireError(error, 'INVALID_ARGUMENT')) return error.message;
    throw error;
  }
  throw new Error('expected the batch to be refused');
}

describe('git on the published changes', () => {
  it('keeps the Git blob of inserted pages and files; the page lives at its Git path', async () => {
    const result = await apply([
      { operation: 'insert_page', title: 'Guide', git: { oid: oid('2'), path: 'docs/guide.md' }, document: { markdown: '# Guide\n\nText.\n' } },
      { operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64: base64('a'), git: { oid: oid('3'), path: 'files/a.txt' } }] },
    ]);
    expect(locatePages(result.snapshot.pages).get('n1')?.page).toMatchObject({ git: { oid: oid('2'), path: 'docs/guide.md' } });
    expect(result.snapshot.files[1]).toMatchObject({ id: 'n2', git: { oid: oid('3'), path: 'files/a.txt' } });
    expect(result.directory()['docs/guide.md']).toBe('# Guide\n\nText.\n');
  });

  it('sets the Git blob of an updated page after a move, and refuses bad blobs naming the field', async () => {
    const result = await apply([{ operation: 'update_page', page: 'home', slug: 'start', git: { oid: oid('4'), path: 'start.md' } }]);
    expect(locatePages(result.snapshot.pages).get('home')?.page).toMatchObject({ slug: 'start', git: { oid: oid('4'), path: 'start.md' } });
    expect(await refusal([{ operation: 'update_page', page: 'home', git: { oid: 'abc', path: 'a.md' } }])).toContain('changes[0].git.oid: must be a Git blob id');
    expect(await refusal([{ operation: 'insert_page', title: 'X', document: { markdown: 'x' }, git: { oid: oid('1'), path: '/abs.md' } }])).toContain('changes[0].git.path');
    expect(await refusal([{ operation: 'insert_page', title: 'X', document: { markdown: 'x' }, git: { oid: oid('1'), path: 'a/../b.md' } }])).toContain('changes[0].git.path');
    expect(await refusal([{ operation: 'insert_page', title: 'X', document: { markdown: 'x' }, git: { oid: oid('1'), path: '.g\u200Cit/hooks/x.md' } }])).toMatch(
      /^changes\[0\]\.git\.path: .*is \.git on some file system/,
    );
    expect(await refusal([{ operation: 'insert_files', files: [{ name: 'a', contentType: 'text/plain', base64: '', git: { oid: oid('1'), path: 'a', extra: 1 } }] }])).toContain(
      'changes[0].files[0].git.extra: is not a known field',
    );
  });
});

describe('quire_update_file and quire_delete_file', () => {
  it('replaces the bytes under the same id, drops the old dimensions, keeps the Git path while the name stays', async () => {
    const result = await apply([{ operation: 'quire_update_file', file: 'logo', base64: base64('new') }]);
    expect(result.snapshot.files).toEqual([{ id: 'logo', name: 'logo.png', contentType: 'image/png', size: 3, blob: sha('new'), git: { oid: oid('1'), path: '.gitbook/assets/logo.png' } }]);
    expect(result.replacedFiles.map(({ record, bytes }) => [record.id, Buffer.from(bytes!).toString()])).toEqual([['logo', 'new']]);
    expect(result.files).toEqual([]);
  });

  it('drops the Git path of a renamed file unless the change gives one; links follow the rename', async () => {
    const renamed = await apply([{ operation: 'quire_update_file', file: 'logo', base64: base64('new'), name: 'brand.png', contentType: 'image/webp' }]);
    expect(renamed.snapshot.files[0]).toEqual({ id: 'logo', name: 'brand.png', contentType: 'image/webp', size: 3, blob: sha('new') });
    expect(renamed.directory()['README.md']).toBe('# Home\n\nLogo: ![logo](.gitbook/assets/brand.png)\n');
    const moved = await apply([{ operation: 'quire_update_file', file: 'logo', base64: base64('new'), name: 'brand.png', git: { oid: oid('5'), path: 'img/brand.png' } }]);
    expect(moved.snapshot.files[0]!.git).toEqual({ oid: oid('5'), path: 'img/brand.png' });
  });

  it('deletes a file; refuses a file that is not there', async () => {
    expect((await apply([{ operation: 'quire_delete_file', file: 'logo' }])).snapshot.files).toEqual([]);
    expect(await refusal([{ operation: 'quire_delete_file', file: 'nope' }])).toBe('changes[0].file: file nope is not in the change request');
    expect(await refusal([{ operation: 'quire_update_file', file: 'logo', base64: '***' }])).toBe('changes[0].base64: is not valid base64');
  });
});

describe('quire_upsert_reusable_content and quire_delete_reusable_content', () => {
  it('creates reusable content from a whole include file, keeping its head as written', async () => {
    const markdown = '---\ntitle: Support\nowner: team\n---\n\nMail us.\n';
    const result = await apply([{ operation: 'quire_upsert_reusable_content', title: 'Ignored', git: { oid: oid('6'), path: '.gitbook/includes/support.md' }, document: { markdown } }]);
    const created = result.snapshot.reusableContents.find((reusable) => reusable.id === 'n1')!;
    expect(created).toMatchObject({ title: 'Support', git: { path: '.gitbook/includes/support.md' } });
    expect(result.bodies.get((created as { document: string }).document)).toBe('Mail us.\n');
    expect(result.directory()['.gitbook/includes/support.md']).toBe(markdown);
  });

  it('replaces reusable content by id (title from the change, else the file name, else kept) and deletes it', async () => {
    const replaced = await apply([{ operation: 'quire_upsert_reusable_content', reusableContent: 'rc', document: { markdown: 'Body only.\n' } }]);
    expect(replaced.snapshot.reusableContents).toEqual([expect.objectContaining({ id: 'rc', title: 'Snippet' })]);
    expect(replaced.snapshot.source.heads).toEqual({});
    const titled = await apply([{ operation: 'quire_upsert_reusable_content', reusableContent: 'rc', title: 'Help', document: { markdown: 'Body.\n' } }]);
    expect(titled.snapshot.reusableContents[0]!.title).toBe('Help');
    const deleted = await apply([{ operation: 'quire_delete_reusable_content', reusableContent: 'rc' }]);
    expect(deleted.snapshot.reusableContents).toEqual([]);
    expect(await refusal([{ operation: 'quire_delete_reusable_content', reusableContent: 'nope' }])).toContain('reusable content nope is not in the change request');
    expect(await refusal([{ operation: 'quire_upsert_reusable_content', document: { markdown: '---\ntitle: [\n---\nx' } }])).toContain('changes[0].document.markdown: the frontmatter is not valid YAML');
  });
});

describe('quire_set_directory', () => {
  it('sets the directory source key by key, extra files path by path, and the variables', async () => {
    const start = space();
    const withExtra: RevisionSnapshot = { ...start.snapshot, source: { ...start.snapshot.source, extra: { 'keep.txt': new Uint8Array([1]), 'drop.txt': new Uint8Array([2]) } } };
    const result = await apply(
      [
        {
          operation: 'quire_set_directory',
          source: { root: 'docs/', config: { path: '.gitbook.yaml', text: 'root: ./docs/\n' }, extra: { 'drop.txt': null, 'add.txt': base64('hi') }, redirects: { old: 'home.md' } },
          variables: { version: 2 },
        },
      ],
      { snapshot: withExtra, bodies: start.bodies },
    );
    const { source } = result.snapshot;
    expect(source).toMatchObject({ root: 'docs/', config: { path: '.gitbook.yaml', text: 'root: ./docs/\n' }, redirects: { old: 'home.md' } });
    expect(Object.keys(source.extra).sort()).toEqual(['add.txt', 'keep.txt']);
    expect(result.snapshot.variables).toEqual({ version: 2 });
    const reset = await apply([{ operation: 'quire_set_directory', source: { config: null, root: null }, variables: null }], { snapshot: result.snapshot, bodies: result.bodies });
    expect('config' in reset.snapshot.source).toBe(false);
    expect(reset.snapshot.source.root).toBe('');
    expect(reset.snapshot.variables).toBeUndefined();
  });

  it('refuses keys it does not know and paths that leave the directory', async () => {
    expect(await refusal([{ operation: 'quire_set_directory', source: { colour: 'red' } }])).toContain('changes[0].source.colour: is not a known key');
    expect(await refusal([{ operation: 'quire_set_directory', source: { root: 'docs' } }])).toBe('changes[0].source.root: must end in "/"');
    expect(await refusal([{ operation: 'quire_set_directory', source: { extra: { '../x': base64('x') } } }])).toContain('changes[0].source.extra.../x');
    expect(await refusal([{ operation: 'quire_set_directory', source: {}, variables: { long: 'x'.repeat(257) } }])).toContain('changes[0].variables.long');
    expect(await refusal([{ operation: 'quire_set_directory', source: { root: '.Git/' } }])).toMatch(/^changes\[0\]\.source\.root: ".Git" is .git on some file system/);
    expect(await refusal([{ operation: 'quire_set_directory', source: { config: { path: 'GIT~1/config', text: '' } } }])).toMatch(/^changes\[0\]\.source\.config\.path: .*\.git on some file system/);
    expect(await refusal([{ operation: 'quire_set_directory', source: { structure: { readme: 'README.md', summary: 'a/'.repeat(2000) + 'S.md' } } }])).toMatch(
      /^changes\[0\]\.source\.structure\.summary: has 2001 segments; the limit is 64/,
    );
    expect(await refusal([{ operation: 'quire_set_directory', source: { extra: { '.git::$INDEX_ALLOCATION/hooks/x': base64('x') } } }])).toMatch(/\.git on some file system/);
    expect(await refusal([{ operation: 'quire_set_directory', source: { extra: { '.gitmodules.': base64('x') } } }])).toMatch(/\.gitmodules on some file system/);
    expect(await refusal([{ operation: 'quire_set_directory', source: { symlinks: { '.gitmodules': '/etc/passwd' } } }])).toMatch(
      /^changes\[0\]\.source\.symlinks\.\.gitmodules: .*never checks out as a symbolic link/,
    );
    expect(await refusal([{ operation: 'quire_nothing' }])).toContain('changes[0].operation: must be one of insert_page');
  });
});

describe('quire_insert_page (page-kinds)', () => {
  it('creates a group at the root, a document in it, a link page and a computed page; update and delete work by id', async () => {
    const computed = { type: 'builtin:openapi', props: { models: true }, dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } } };
    const result = await apply([
      { operation: 'quire_insert_page', type: 'group', title: 'Guides', ref: 'guides' },
      { operation: 'insert_page', title: 'Install', into: 'n1', document: { markdown: '# Install\n' } },
      { operation: 'quire_insert_page', type: 'link', title: 'Site', target: { kind: 'url', url: 'https://example.com' }, linkTitle: 'Our site', into: 'n1' },
      { operation: 'quire_insert_page', type: 'link', title: 'Home again', target: { kind: 'page', page: 'home' } },
      { operation: 'quire_insert_page', type: 'computed', title: 'API', computed, at: 0 },
    ]);
    expect(result.outcomes).toEqual([
      { object: 'created_page', page: 'n1', ref: 'guides' },
      { object: 'created_page', page: 'n2' },
      { object: 'created_page', page: 'n3' },
      { object: 'created_page', page: 'n4' },
      { object: 'created_page', page: 'n5' },
    ]);
    const pages = locatePages(result.snapshot.pages);
    expect(result.snapshot.pages.map((page) => page.id)).toEqual(['n5', 'home', 'n1', 'n4']);
    expect(pages.get('n1')?.page).toMatchObject({ type: 'group', kind: 'group', slug: 'guides', title: 'Guides' });
    expect(pages.get('n3')?.page).toMatchObject({ type: 'link', target: { kind: 'url', url: 'https://example.com' }, linkTitle: 'Our site' });
    expect(pages.get('n4')?.page).toMatchObject({ type: 'link', target: { kind: 'page', page: 'home' } });
    expect(pages.get('n5')?.page).toMatchObject({ type: 'computed', title: 'API', computed });
    expect(result.directory()['SUMMARY.md']).toContain('## Guides');
    expect(result.directory()['SUMMARY.md']).toContain('[Site](https://example.com "Our site")');

    const next = await apply(
      [
        { operation: 'update_page', page: 'n1', title: 'Handbook', slug: 'handbook' },
        { operation: 'update_page', page: 'n3', title: 'Website', linkTitle: '' },
        { operation: 'delete_page', page: 'n5' },
      ],
      { snapshot: result.snapshot, bodies: result.bodies },
    );
    const after = locatePages(next.snapshot.pages);
    expect(after.get('n1')?.page).toMatchObject({ title: 'Handbook', slug: 'handbook' });
    expect(after.get('n3')?.page).not.toHaveProperty('linkTitle');
    expect(after.get('n3')?.page.title).toBe('Website');
    expect(after.has('n5')).toBe(false);
  });

  it('refuses bad kinds, groups below the root, subpages of links, and bad targets, naming the field', async () => {
    const link = { operation: 'quire_insert_page', type: 'link', title: 'L', target: { kind: 'url', url: 'https://example.com' } };
    expect(await refusal([{ operation: 'quire_insert_page', type: 'document', title: 'X' }])).toContain('changes[0].type: must be one of group, link, computed');
    expect(await refusal([{ operation: 'quire_insert_page', type: 'group' }])).toContain('changes[0].title: is required');
    expect(await refusal([{ operation: 'quire_insert_page', type: 'group', title: 'G', into: 'home' }])).toContain('changes[0].into: groups stay at the root');
    expect(await refusal([{ operation: 'quire_insert_page', type: 'group', title: 'Home', slug: 'home' }])).toContain('changes[0].slug: another page at the root');
    expect(await refusal([link, { operation: 'insert_page', title: 'Sub', into: 'n1', document: {} }])).toContain('changes[1].into: page n1 is a link page, which cannot have subpages');
    expect(await refusal([link, { ...link, into: 'n1' }])).toContain('changes[1].into: page n1 is a link page');
    expect(await refusal([{ ...link, target: undefined }])).toContain('changes[0].target: is required');
    expect(await refusal([{ ...link, target: { kind: 'page', page: 'nope' } }])).toContain('changes[0].target.page: page nope is not in the change request');
    expect(await refusal([{ ...link, target: { kind: 'space', space: 's' } }])).toContain('changes[0].target.kind');
    expect(await refusal([{ ...link, slug: 'l' }])).toContain('changes[0].slug: a link page has no slug');
    expect(await refusal([{ ...link, computed: { type: 'x' } }])).toContain('changes[0].computed: only computed pages');
    expect(await refusal([{ operation: 'quire_insert_page', type: 'computed', title: 'C' }])).toContain('changes[0].computed: is required');
    expect(await refusal([{ operation: 'quire_insert_page', type: 'computed', title: 'C', computed: { props: {} } }])).toContain('changes[0].computed.type');
    expect(await refusal([{ ...link, document: { markdown: 'x' } }])).toContain('changes[0].document');
    expect(await refusal([{ operation: 'quire_insert_page', type: 'group', title: 'G' }, { operation: 'update_page', page: 'n1', into: 'home' }])).toContain('changes[1].into');
  });
});

describe('linkTitle on insert_page and update_page', () => {
  it('stores it, writes it into SUMMARY.md, and removes it with an empty string', async () => {
    const result = await apply([{ operation: 'insert_page', title: 'Install', linkTitle: 'Installation', document: { markdown: '# Install\n' } }]);
    expect(locatePages(result.snapshot.pages).get('n1')?.page).toMatchObject({ linkTitle: 'Installation' });
    expect(result.directory()['SUMMARY.md']).toContain('"Installation"');
    const updated = await apply([{ operation: 'update_page', page: 'n1', linkTitle: 'Setup' }], { snapshot: result.snapshot, bodies: result.bodies });
    expect(locatePages(updated.snapshot.pages).get('n1')?.page).toMatchObject({ linkTitle: 'Setup' });
    const removed = await apply([{ operation: 'update_page', page: 'n1', linkTitle: '' }], { snapshot: updated.snapshot, bodies: updated.bodies });
    expect(locatePages(removed.snapshot.pages).get('n1')?.page).not.toHaveProperty('linkTitle');
    expect(await refusal([{ operation: 'update_page', page: 'home', linkTitle: 'a\nb' }])).toContain('changes[0].linkTitle: must be a single line');
    expect(await refusal([{ operation: 'update_page', page: 'home', linkTitle: 'x'.repeat(101) }])).toContain('changes[0].linkTitle: must be at most 100 characters');
  });
});

describe('heads of page files given with git', () => {
  it('keeps an empty file empty and a head without a title line as written', async () => {
    const result = await apply([
      { operation: 'update_page', page: 'home', document: { markdown: '' }, git: { oid: oid('5'), path: 'home.md' } },
      { operation: 'insert_page', title: 'Notes', document: { markdown: '---\nhidden: true\n---\nJust text.\n' }, git: { oid: oid('6'), path: 'notes.md' } },
    ]);
    expect(result.snapshot.source.heads['home']).toBe('');
    expect(result.directory()['home.md']).toBe('');
    expect(result.directory()['notes.md']).toBe('---\nhidden: true\n---\nJust text.\n');
  });

  it('without git, a body-only document still gets its title line', async () => {
    const result = await apply([{ operation: 'insert_page', title: 'Notes', document: { markdown: 'Just text.\n' } }]);
    expect(result.directory()['notes.md']).toBe('# Notes\n\nJust text.\n');
  });
});
