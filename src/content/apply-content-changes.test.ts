import type { ChangeRequestContentChange } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { asText, fixtureRepositories, loadFiles } from '../../test/support/repositories.ts';
import { isQuireError } from '../errors/quire-error.ts';
import { readDirectory } from '../format/read-directory.ts';
import type { RevisionSnapshot, SnapshotDocumentPage, SnapshotPage } from '../model/revision-snapshot.ts';
import { applyContentChanges } from './apply-content-changes.ts';
import type { ApplyContentContext } from './content-batch.ts';
import { documentsFrom } from './document-lookup.ts';
import { locatePages } from './page-locations.ts';
import { directoryOf, documentPage, sequentialIds, snapshotFromBundle, snapshotFromDirectory, snapshotOf } from './snapshot-fixture.ts';

/**
 * A space made in the service (no Git paths): Home (README.md), Guide (guide/README.md) with Install
 * (guide/install.md) and Deploy (guide/deploy.md), and FAQ (faq.md), with a file `logo.png`.
 */
function serviceSpace() {
  const bodies = new Map<string, string>();
  const snapshot = snapshotOf(
    [
      documentPage('home', { title: 'Home', slug: 'home', body: 'Welcome. Start with the [guide](guide/README.md).\n' }, bodies),
      documentPage(
        'guide',
        {
          title: 'Guide',
          slug: 'guide',
          body: 'Read [install](install.md) then [deploy](deploy.md).\n',
          pages: [
            documentPage('install', { title: 'Install', slug: 'install', body: 'Run it. Then see the [FAQ](../faq.md) and ![logo](../.gitbook/assets/logo.png).\n' }, bodies),
            documentPage('deploy', { title: 'Deploy', slug: 'deploy', body: 'Ship it.\n' }, bodies),
          ],
        },
        bodies,
      ),
      documentPage('faq', { title: 'FAQ', slug: 'faq', body: 'Questions. Back to [install](guide/install.md).\n' }, bodies),
    ],
    { files: [{ id: 'logo', name: 'logo.png', contentType: 'image/png', size: 3, blob: 'b'.repeat(64) }] },
  );
  return { snapshot, bodies, lookup: documentsFrom(bodies) };
}

const context = (extra: Partial<ApplyContentContext> = {}): ApplyContentContext => ({ newId: sequentialIds(), ...extra });

async function apply(changes: unknown[], space = serviceSpace(), extra: Partial<ApplyContentContext> = {}) {
  const applied = await applyContentChanges(space.snapshot, space.lookup, changes as ChangeRequestContentChange[], context(extra));
  const bodies = new Map([...space.bodies, ...applied.documents]);
  const pages = locatePages(applied.snapshot.pages);
  const page = (id: string) => pages.get(id)?.page as SnapshotDocumentPage & { documentId?: string; emoji?: string; icon?: string; hidden?: boolean };
  const body = (id: string) => {
    const documentId = page(id)?.documentId;
    return documentId === undefined ? '' : bodies.get(documentId);
  };
  const directory = directoryOf(applied.snapshot, bodies);
  return { ...applied, page, body, bodies, directory, parentOf: (id: string) => pages.get(id)?.parent, childrenOf: (id?: string) => childIds(applied.snapshot.pages, id) };
}

function childIds(pages: readonly SnapshotPage[], parent: string | undefined): string[] {
  if (parent === undefined) return pages.map((page) => page.id);
  const found = locatePages(pages).get(parent)?.page as { pages?: SnapshotPage[] } | undefined;
  return (found?.pages ?? []).map((page) => page.id);
}

async function failure(changes: unknown[], space = serviceSpace(), extra: Partial<ApplyContentContext> = {}) {
  try {
    await applyContentChanges(space.snapshot, space.lookup, changes as ChangeRequestContentChange[], context(extra));
  } catch (error) {
    if (isQuireError(error, 'INVALID_ARGUMENT')) return { message: error.message, field: error.data.field };
    throw error;
  }
  throw new Error('expected the batch to be refused');
}

describe('insert_page', () => {
  it('takes the title from `title`, derives the slug, appends at the root, and stores the body', async () => {
    const result = await apply([{ operation: 'insert_page', title: 'Release notes', document: { markdown: 'Nothing yet.\n' } }]);
    expect(result.childrenOf()).toEqual(['home', 'guide', 'faq', 'n1']);
    expect(result.page('n1')).toMatchObject({ title: 'Release notes', slug: 'release-notes', path: 'release-notes', type: 'document', kind: 'sheet' });
    expect(result.body('n1')).toBe('Nothing yet.\n');
    expect(result.outcomes).toEqual([{ object: 'created_page', page: 'n1' }]);
    expect(result.directory['release-notes.md']).toBe('# Release notes\n\nNothing yet.\n');
  });

  it.each([
    ['the leading heading wins over `title`', { title: 'Given', document: { markdown: '# From heading\n\nBody\n' } }, 'From heading', 'from-heading', 'Body\n'],
    ['a frontmatter title wins over `title`', { title: 'Given', document: { markdown: '---\ntitle: From frontmatter\n---\n\nBody\n' } }, 'From frontmatter', 'from-frontmatter', 'Body\n'],
    ['the heading wins over a frontmatter title', { document: { markdown: '---\ntitle: Front\n---\n# Heading\n\nBody\n' } }, 'Heading', 'heading', 'Body\n'],
    ['a default title when there is none', { document: { markdown: 'Just text\n' } }, 'Untitled', 'untitled', 'Just text\n'],
    ['an empty document', { title: 'Empty', document: {} }, 'Empty', 'empty', ''],
    ['a given slug', { title: 'Some title', slug: 'custom', document: { markdown: 'x\n' } }, 'Some title', 'custom', 'x\n'],
    ['a derived slug that a sibling has gets a suffix', { title: 'FAQ', document: { markdown: 'x\n' } }, 'FAQ', 'faq-1', 'x\n'],
  ])('%s', async (_name, change, title, slug, body) => {
    const result = await apply([{ operation: 'insert_page', ...change }]);
    expect(result.page('n1')).toMatchObject({ title, slug });
    expect(result.body('n1')).toBe(body);
  });

  it('reads metadata from the frontmatter, which wins over the change fields, and keeps unknown keys in the head', async () => {
    const markdown = '---\ndescription: From frontmatter\nhidden: true\nicon: 🚀\nowner: docs-team\n---\n\n# Launch\n\nGo.\n';
    const result = await apply([{ operation: 'insert_page', description: 'From field', emoji: '🐢', document: { markdown } }]);
    expect(result.page('n1')).toMatchObject({ title: 'Launch', description: 'From frontmatter', hidden: true, emoji: '🚀' });
    expect(result.body('n1')).toBe('Go.\n');
    expect(result.snapshot.source.heads.n1).toBe('---\ndescription: From frontmatter\nhidden: true\nicon: 🚀\nowner: docs-team\n---\n\n# Launch\n\n');
    expect(result.directory['launch.md']).toBe(markdown);

    // A field the frontmatter does not set is kept, and the file's frontmatter says it too (unknown keys first).
    const more = await apply([{ operation: 'insert_page', noIndex: true, document: { markdown } }]);
    expect(more.page('n1').noIndex).toBe(true);
    expect(more.directory['launch.md']).toBe('---\nowner: docs-team\ndescription: From frontmatter\nhidden: true\nnoIndex: true\nicon: 🚀\n---\n\n# Launch\n\nGo.\n');
  });

  it('places the page with `into` and `at`', async () => {
    const result = await apply([{ operation: 'insert_page', title: 'Configure', into: 'guide', at: 1, document: { markdown: 'x\n' } }]);
    expect(result.childrenOf('guide')).toEqual(['install', 'n1', 'deploy']);
    expect(result.page('n1').path).toBe('guide/configure');
    expect(result.directory['guide/configure.md']).toBe('# Configure\n\nx\n');
  });

  it('under a page that had no subpages moves that page to a folder and relinks', async () => {
    const result = await apply([{ operation: 'insert_page', title: 'Question', into: 'faq', document: { markdown: 'x\n' } }]);
    expect(Object.keys(result.directory)).toContain('faq/README.md');
    expect(result.body('install')).toBe('Run it. Then see the [FAQ](../faq/README.md) and ![logo](../.gitbook/assets/logo.png).\n');
    expect(result.body('faq')).toBe('Questions. Back to [install](../guide/install.md).\n');
  });

  it.each([
    ['a slug a sibling has', { title: 'x', slug: 'faq', document: {} }, 'changes[0].slug', /already has the slug "faq"/],
    ['an invalid slug', { slug: '../etc', document: {} }, 'changes[0].slug', /not a valid slug/],
    ['a slug ending in a dot (a folder Windows would rename)', { slug: 'notes.', document: {} }, 'changes[0].slug', /ends in a dot or a space/],
    ['a slug over 100 characters', { slug: 'a'.repeat(101), document: {} }, 'changes[0].slug', /at most 100/],
    ['an empty title', { title: ' ', document: {} }, 'changes[0].title', /must not be empty/],
    ['a title on two lines', { title: 'a\nb', document: {} }, 'changes[0].title', /single line/],
    ['a parent that does not exist', { into: 'nope', document: {} }, 'changes[0].into', /page nope is not in the change request/],
    ['a negative position', { at: -1, document: {} }, 'changes[0].at', /whole number/],
    ['no document', { title: 'x' }, 'changes[0].document', /is required/],
    ['a JSON document', { document: { document: { nodes: [] } } }, 'changes[0].document.document', /JSON documents are not supported/],
    ['a markdown that is not a string', { document: { markdown: 3 } }, 'changes[0].document.markdown', /must be a string/],
    ['invalid frontmatter YAML', { document: { markdown: '---\nhidden: [\n---\n# T\n' } }, 'changes[0].document.markdown', /not valid YAML/],
    ['a frontmatter key with the wrong type', { document: { markdown: '---\nhidden: maybe\n---\n# T\n' } }, 'changes[0].document.markdown', /hidden/],
    ['a boolean field that is not a boolean', { hidden: 'yes', document: {} }, 'changes[0].hidden', /true or false/],
    ['an emoji over 50 characters', { emoji: 'x'.repeat(51), document: {} }, 'changes[0].emoji', /at most 50/],
  ])('refuses %s', async (_name, change, field, message) => {
    const refused = await failure([{ operation: 'insert_page', ...change }]);
    expect(refused.field).toBe(field);
    expect(refused.message).toMatch(message);
    expect(refused.message.startsWith(`${field}: `)).toBe(true);
  });

  it('refuses a ref used twice, or equal to the path of a page', async () => {
    expect(
      await failure([
        { operation: 'insert_page', ref: 'a', document: {} },
        { operation: 'insert_files', files: [{ ref: 'a', name: 'a.png', contentType: 'image/png', base64: 'AA==' }] },
      ]),
    ).toMatchObject({ field: 'changes[1].files[0].ref', message: expect.stringMatching(/used twice/) });
    expect(await failure([{ operation: 'insert_page', ref: 'guide/install', document: {} }])).toMatchObject({ field: 'changes[0].ref' });
  });

  it('refuses a frontmatter cover that names no file', async () => {
    const refused = await failure([{ operation: 'insert_page', document: { markdown: '---\ncover: ./missing.png\n---\n# T\n' } }]);
    expect(refused).toMatchObject({ field: 'changes[0].document.markdown', message: expect.stringMatching(/cover "\.\/missing\.png" is not a file/) });
  });

  it('resolves a frontmatter cover and meta links to the file and page they name', async () => {
    const markdown = '---\ncover: /files/logo\ncoverY: 10\nmetaLinks:\n  canonical: /pages/faq\n  alternates:\n    - https://example.com/x\n---\n# Covered\n';
    const result = await apply([{ operation: 'insert_page', document: { markdown } }]);
    expect(result.page('n1')).toMatchObject({
      cover: { ref: { kind: 'file', file: 'logo' }, yPos: 10 },
      metaLinks: { canonical: { kind: 'page', page: 'faq' }, alternates: [{ kind: 'url', url: 'https://example.com/x' }] },
    });
    expect(result.directory['covered.md']).toContain('cover: .gitbook/assets/logo.png\n');
    expect(result.directory['covered.md']).toContain('canonical: faq.md\n');
  });
});

describe('update_page', () => {
  it('sets metadata fields, and an empty string removes emoji, icon, condition and description', async () => {
    const set = await apply([{ operation: 'update_page', page: 'faq', emoji: '❓', icon: 'circle', condition: 'visitor.claims.staff', description: 'Asked', hidden: true, noIndex: true, noRobotsIndex: false }]);
    expect(set.page('faq')).toMatchObject({ emoji: '❓', icon: 'circle', condition: 'visitor.claims.staff', description: 'Asked', hidden: true, noIndex: true, noRobotsIndex: false });
    expect(set.outcomes).toEqual([{ object: 'updated_page', page: 'faq' }]);

    const space = serviceSpace();
    const withSet = { ...space, snapshot: set.snapshot, lookup: documentsFrom(set.bodies), bodies: set.bodies };
    const removed = await apply([{ operation: 'update_page', page: 'faq', emoji: '', icon: '', condition: '', description: '' }], withSet);
    for (const key of ['emoji', 'icon', 'condition', 'description']) expect(removed.page('faq')).not.toHaveProperty(key);
    expect(removed.page('faq').hidden).toBe(true);
  });

  it('renames the title only: the slug, the path and the file stay', async () => {
    const result = await apply([{ operation: 'update_page', page: 'install', title: 'Installation' }]);
    expect(result.page('install')).toMatchObject({ title: 'Installation', slug: 'install', path: 'guide/install' });
    expect(result.directory['guide/install.md']).toMatch(/^# Installation\n/);
  });

  it('renames the slug: the file moves and every link to it follows', async () => {
    const result = await apply([{ operation: 'update_page', page: 'install', slug: 'setup' }]);
    expect(result.page('install')).toMatchObject({ title: 'Install', slug: 'setup', path: 'guide/setup' });
    expect(result.directory['guide/setup.md']).toBeDefined();
    expect(result.directory['guide/install.md']).toBeUndefined();
    expect(result.body('guide')).toBe('Read [install](setup.md) then [deploy](deploy.md).\n');
    expect(result.body('faq')).toBe('Questions. Back to [install](guide/setup.md).\n');
  });

  it('renaming a folder page moves its subpages, whose own links follow', async () => {
    const result = await apply([{ operation: 'update_page', page: 'guide', slug: 'handbook' }]);
    expect(result.page('install').path).toBe('handbook/install');
    expect(result.body('home')).toBe('Welcome. Start with the [guide](handbook/README.md).\n');
    expect(result.body('faq')).toBe('Questions. Back to [install](handbook/install.md).\n');
    // Install's own links were relative to guide/; handbook/ is as deep, so they still hold.
    expect(result.body('install')).toBe('Run it. Then see the [FAQ](../faq.md) and ![logo](../.gitbook/assets/logo.png).\n');
  });

  it.each([
    ['into another parent, at an index', { into: 'guide', at: 0 }, 'faq', 'guide', ['faq', 'install', 'deploy']],
    ['into another parent, at the end', { into: 'guide' }, 'faq', 'guide', ['install', 'deploy', 'faq']],
    ['to the root with into: null', { into: null, at: 1 }, 'install', undefined, ['home', 'install', 'guide', 'faq']],
    ['among its siblings with `at` only', { at: 0 }, 'deploy', 'guide', ['deploy', 'install']],
  ])('moves %s', async (_name, move, pageId, parent, order) => {
    const result = await apply([{ operation: 'update_page', page: pageId, ...move }]);
    expect(result.parentOf(pageId)).toBe(parent);
    expect(result.childrenOf(parent)).toEqual(order);
  });

  it('moving a page relinks its body and the bodies that link to it', async () => {
    const result = await apply([{ operation: 'update_page', page: 'install', into: null }]);
    expect(result.directory['install.md']).toBe('# Install\n\nRun it. Then see the [FAQ](faq.md) and ![logo](.gitbook/assets/logo.png).\n');
    expect(result.body('guide')).toBe('Read [install](../install.md) then [deploy](deploy.md).\n');
    expect(result.body('faq')).toBe('Questions. Back to [install](install.md).\n');
    // Relinked bodies are new documents, returned for the service to store.
    expect([...result.documents.values()].sort()).toEqual([result.body('faq'), result.body('guide'), result.body('install')].sort());
  });

  it('replaces the document; its heading and frontmatter win over the fields', async () => {
    const result = await apply([{ operation: 'update_page', page: 'faq', title: 'Ignored', hidden: false, document: { markdown: '---\nhidden: true\n---\n# Questions\n\nNew [guide](/pages/guide).\n' } }]);
    expect(result.page('faq')).toMatchObject({ title: 'Questions', hidden: true, slug: 'faq' });
    expect(result.body('faq')).toBe('New [guide](guide/README.md).\n');
  });

  it('keeps metadata the new document\'s frontmatter does not mention', async () => {
    const result = await apply([
      { operation: 'update_page', page: 'faq', description: 'Kept' },
      { operation: 'update_page', page: 'faq', document: { markdown: '---\nhidden: true\n---\nText\n' } },
    ]);
    expect(result.page('faq')).toMatchObject({ description: 'Kept', hidden: true, title: 'FAQ' });
    expect(result.body('faq')).toBe('Text\n');
  });

  it.each([
    ['a page that does not exist', { page: 'nope', title: 'x' }, 'changes[0].page', /page nope is not in the change request/],
    ['a move under itself', { page: 'guide', into: 'guide' }, 'changes[0].into', /under itself/],
    ['a move under its own subpage', { page: 'guide', into: 'install' }, 'changes[0].into', /under itself or one of its own subpages/],
    ['a move next to a page with the same slug', { page: 'deploy', into: null, slug: 'faq' }, 'changes[0].slug', /already has the slug "faq"/],
    ['a move into a parent where its slug is taken', { page: 'faq', into: 'guide', at: 0 }, undefined, undefined],
    ['a rename to a sibling\'s slug', { page: 'install', slug: 'deploy' }, 'changes[0].slug', /already has the slug "deploy"/],
    ['a description on a group', { page: 'group', description: 'x' }, 'changes[0].description', /group page, which has no description/],
    ['a document on a group', { page: 'group', document: { markdown: 'x' } }, 'changes[0].document', /has no document/],
    ['a group moved below the root', { page: 'group', into: 'guide' }, 'changes[0].into', /groups stay at the root/],
    ['a move under a link page', { page: 'faq', into: 'status' }, 'changes[0].into', /link page, which cannot have subpages/],
    ['a slug on a link page', { page: 'status', slug: 'x' }, 'changes[0].slug', /link page, which has no slug/],
  ])('refuses %s', async (_name, change, field, message) => {
    const space = serviceSpace();
    const group = { id: 'group', title: 'Group', kind: 'group', type: 'group', slug: 'group', path: 'group', pages: [] } as unknown as SnapshotPage;
    const link = { id: 'status', title: 'Status', kind: 'link', type: 'link', target: { kind: 'url', url: 'https://status.example.com' } } as unknown as SnapshotPage;
    const withGroup = { ...space, snapshot: snapshotOf([...structuredClone(space.snapshot.pages), group, link], { files: space.snapshot.files }) };
    if (field === undefined) {
      // faq moving into guide is fine: guide has no page with the slug faq.
      await expect(apply([{ operation: 'update_page', ...change }], withGroup)).resolves.toBeDefined();
      const clash = await failure([{ operation: 'insert_page', title: 'x', slug: 'faq', into: 'guide', document: {} }, { operation: 'update_page', ...change }], withGroup);
      expect(clash).toMatchObject({ field: 'changes[1].into', message: expect.stringMatching(/already has the slug "faq"/) });
      return;
    }
    const refused = await failure([{ operation: 'update_page', ...change }], withGroup);
    expect(refused.field).toBe(field);
    expect(refused.message).toMatch(message!);
  });
});

describe('delete_page', () => {
  it('removes the page and its subpages', async () => {
    const result = await apply([{ operation: 'delete_page', page: 'guide' }]);
    expect(result.childrenOf()).toEqual(['home', 'faq']);
    expect(result.outcomes).toEqual([
      { object: 'deleted_page', page: 'guide' },
      { object: 'deleted_page', page: 'install' },
      { object: 'deleted_page', page: 'deploy' },
    ]);
    expect(Object.keys(result.directory).filter((path) => path.startsWith('guide/'))).toEqual([]);
  });

  it('refuses a page that is not there', async () => {
    expect(await failure([{ operation: 'delete_page', page: 'ghost' }])).toMatchObject({ field: 'changes[0].page' });
    expect(await failure([{ operation: 'delete_page', page: 'guide' }, { operation: 'delete_page', page: 'install' }])).toMatchObject({ field: 'changes[1].page' });
  });
});

describe('insert_files', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64');

  it('returns the bytes and the record, with an id from the context and the SHA-256 as blob', async () => {
    const result = await apply([{ operation: 'insert_files', files: [{ name: 'diagram.png', contentType: 'image/png', base64: png }] }]);
    const [inserted] = result.files;
    expect(inserted!.record).toEqual({ id: 'n1', name: 'diagram.png', contentType: 'image/png', size: 4, blob: '0f4636c78f65d3639ece5a064b5ae753e3408614a14fb18ab4d7540d2c248543' });
    expect([...inserted!.bytes!]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(result.snapshot.files.map((file) => file.id)).toEqual(['logo', 'n1']);
    expect(result.outcomes).toEqual([]);
  });

  it.each([
    ['a URL source (no outbound requests)', [{ name: 'a.png', url: 'https://example.com/a.png' }], 'changes[0].files[0].url', /not supported: this server makes no outbound requests; send the bytes as base64/],
    ['base64 without a content type', [{ name: 'a.png', base64: png }], 'changes[0].files[0].contentType', /required with base64/],
    ['both sources', [{ name: 'a.png', contentType: 'image/png', base64: png, url: 'https://example.com' }], 'changes[0].files[0]', /exactly one source/],
    ['no source', [{ name: 'a.png', contentType: 'image/png' }], 'changes[0].files[0]', /must have a source/],
    ['a name with a folder', [{ name: '../a.png', contentType: 'image/png', base64: png }], 'changes[0].files[0].name', /not a file name/],
    ['an empty name', [{ name: '', contentType: 'image/png', base64: png }], 'changes[0].files[0].name', /non-empty string/],
    ['a name over 255 bytes', [{ name: `${'a'.repeat(252)}.png`, contentType: 'image/png', base64: png }], 'changes[0].files[0].name', /more than 255 bytes/],
    ['a name git reads as its own directory', [{ name: 'GIT~1', contentType: 'image/png', base64: png }], 'changes[0].files[0].name', /\.git on some file system/],
    ['a name ending in a dot', [{ name: 'a.png.', contentType: 'image/png', base64: png }], 'changes[0].files[0].name', /ends in a dot/],
    ['invalid base64', [{ name: 'a.png', contentType: 'image/png', base64: 'not base64!' }], 'changes[0].files[0].base64', /not valid base64/],
    ['more than 1 MB', [{ name: 'a.bin', contentType: 'application/octet-stream', base64: 'A'.repeat(1_398_104) }], 'changes[0].files[0].base64', /limit is 1048576 bytes/],
    ['no files', [], 'changes[0].files', /1 to 20 files/],
    ['more than 20 files', Array.from({ length: 21 }, (_, i) => ({ name: `${i}.png`, contentType: 'image/png', base64: png })), 'changes[0].files', /1 to 20 files/],
  ])('refuses %s', async (_name, files, field, message) => {
    const refused = await failure([{ operation: 'insert_files', files }]);
    expect(refused.field).toBe(field);
    expect(refused.message).toMatch(message);
  });

  it('takes exactly 1 MB', async () => {
    const result = await apply([{ operation: 'insert_files', files: [{ name: 'a.bin', contentType: 'application/octet-stream', base64: Buffer.alloc(1024 * 1024).toString('base64') }] }]);
    expect(result.snapshot.files.at(-1)!.size).toBe(1024 * 1024);
  });
});

describe('revert_page', () => {
  async function edited() {
    const space = serviceSpace();
    const applied = await apply(
      [
        { operation: 'update_page', page: 'faq', title: 'Questions', document: { markdown: 'Changed.\n' } },
        { operation: 'delete_page', page: 'guide' },
        { operation: 'insert_page', title: 'Added', document: { markdown: 'New\n' } },
      ],
      space,
    );
    const bodies = applied.bodies;
    return { space: { snapshot: applied.snapshot, bodies, lookup: documentsFrom(bodies) }, base: space.snapshot };
  }

  it('resets a changed page, removes an added one and restores a deleted one with its subpages', async () => {
    const { space, base } = await edited();
    const revertSource = (revision: string | undefined) => (revision === undefined ? base : undefined);
    const result = await apply(
      [
        { operation: 'revert_page', page: 'faq' },
        { operation: 'revert_page', page: 'n1' },
        { operation: 'revert_page', page: 'guide' },
      ],
      space,
      { revertSource, newId: sequentialIds('m') },
    );
    expect(result.snapshot.pages).toEqual(base.pages);
    expect(result.outcomes).toEqual([
      { object: 'updated_page', page: 'faq' },
      { object: 'deleted_page', page: 'n1' },
      { object: 'created_page', page: 'guide' },
      { object: 'created_page', page: 'install' },
      { object: 'created_page', page: 'deploy' },
    ]);
  });

  const refusals: Array<[string, Record<string, unknown>, Partial<ApplyContentContext>, string, RegExp]> = [
    ['single blocks', { page: 'faq', block: ['k1'] }, { revertSource: () => serviceSpace().snapshot }, 'changes[0].block', /reverting single blocks is not supported/],
    ['without a base revision', { page: 'faq' }, {}, 'changes[0]', /no base revision/],
    ['to an unknown revision', { page: 'faq', revision: 'r9' }, { revertSource: () => undefined }, 'changes[0].revision', /revision r9 is not a revision of the space/],
    ['a page in neither', { page: 'ghost' }, { revertSource: () => serviceSpace().snapshot }, 'changes[0].page', /neither in the change request nor/],
  ];
  it.each(refusals)('refuses %s', async (_name, change, extra, field, message) => {
    const refused = await failure([{ operation: 'revert_page', ...change }], serviceSpace(), extra);
    expect(refused.field).toBe(field);
    expect(refused.message).toMatch(message);
  });
});

describe('links in submitted Markdown', () => {
  // The new page goes under Guide (guide/new.md); a file `chart.png` (ref chart) is uploaded in the same batch.
  const linkCases: Array<[string, string, string]> = [
    ['a page id', '/pages/faq', '../faq.md'],
    ['a page id with an anchor', '/pages/install#setup', 'install.md#setup'],
    ['a top-level slug path', '/pages/faq', '../faq.md'],
    ['a nested slug path', '/pages/guide/deploy', 'deploy.md'],
    ['a page with subpages by slug path', '/pages/guide', 'README.md'],
    ['a Markdown file path', '/pages/faq.md', '../faq.md'],
    ['a folder README path', '/pages/guide/README.md', 'README.md'],
    ['a nested Markdown file path', '/pages/guide/install.md', 'install.md'],
    ['the space root page', '/pages/README.md', '../README.md'],
    ['a relative link, already right', './install.md', './install.md'],
    ['a relative link up to the root page', '../README.md', '../README.md'],
    ['a folder-style link', '../guide', '../guide'],
    ['a page ref of the batch, inserted later', './later.md', 'later.md'],
    ['a file ref of the batch', './chart', '../.gitbook/assets/chart.png'],
    ['an existing file by id', '/files/logo', '../.gitbook/assets/logo.png'],
    ['an external URL', 'https://example.com/x.md', 'https://example.com/x.md'],
    ['an anchor in the page', '#top', '#top'],
    ['a page id that matches nothing', '/pages/nope', '/pages/nope'],
    ['a relative link that matches nothing', './nothing.md', './nothing.md'],
    ['a file id that matches nothing', '/files/nope', '/files/nope'],
  ];

  it.each(linkCases)('resolves %s', async (_name, written, expected) => {
    const result = await apply([
      { operation: 'insert_page', title: 'New', into: 'guide', document: { markdown: `See [it](${written}).\n` } },
      { operation: 'insert_files', files: [{ ref: 'chart', name: 'chart.png', contentType: 'image/png', base64: 'AA==' }] },
      { operation: 'insert_page', ref: 'later', title: 'Later', into: 'guide', document: {} },
    ]);
    expect(result.body('n1')).toBe(`See [it](${expected}).\n`);
  });

  it('resolves images, reference definitions, content-refs and HTML, but not code', async () => {
    const markdown = [
      '![logo](/files/logo)',
      '',
      '[faq]: /pages/faq',
      '',
      '{% content-ref url="/pages/install" %}',
      '[install](/pages/install)',
      '{% endcontent-ref %}',
      '',
      '<a href="/pages/faq">FAQ</a>',
      '',
      '`[code](/pages/faq)`',
      '',
      '```',
      '[fenced](/pages/faq)',
      '```',
      '',
    ].join('\n');
    const result = await apply([{ operation: 'insert_page', title: 'Links', document: { markdown } }]);
    expect(result.body('n1')).toBe(
      [
        '![logo](.gitbook/assets/logo.png)',
        '',
        '[faq]: faq.md',
        '',
        '{% content-ref url="guide/install.md" %}',
        '[install](guide/install.md)',
        '{% endcontent-ref %}',
        '',
        '<a href="faq.md">FAQ</a>',
        '',
        '`[code](/pages/faq)`',
        '',
        '```',
        '[fenced](/pages/faq)',
        '```',
        '',
      ].join('\n'),
    );
  });

  it('resolves slug paths and file paths by slug, not by id', async () => {
    const result = await apply([
      { operation: 'insert_page', title: 'New', document: { markdown: '[a](/pages/questions) [b](/pages/questions.md) [c](/pages/guide/setup.md) [d](/pages/guide/setup)\n' } },
      { operation: 'update_page', page: 'faq', slug: 'questions' },
      { operation: 'update_page', page: 'install', slug: 'setup' },
    ]);
    expect(result.body('n1')).toBe('[a](questions.md) [b](questions.md) [c](guide/setup.md) [d](guide/setup.md)\n');
  });

  it('resolves against the final tree, whatever the order of the changes', async () => {
    const result = await apply([
      { operation: 'insert_page', title: 'Early', document: { markdown: 'To [faq](/pages/faq) and [moved](/pages/deploy).\n' } },
      { operation: 'update_page', page: 'deploy', into: null },
      { operation: 'update_page', page: 'faq', slug: 'questions' },
    ]);
    expect(result.body('n1')).toBe('To [faq](questions.md) and [moved](deploy.md).\n');
  });

  it('writes every resolved link so that the directory reads back without a broken link', async () => {
    const result = await apply([
      { operation: 'insert_page', ref: 'a', title: 'A', into: 'guide', document: { markdown: '[b](./b.md) [faq](/pages/faq) [img](./pic) [home](/pages/README.md)\n' } },
      { operation: 'insert_page', ref: 'b', title: 'B', document: { markdown: '[a](./a.md) [deploy](/pages/guide/deploy.md)\n' } },
      { operation: 'insert_files', files: [{ ref: 'pic', name: 'pic.png', contentType: 'image/png', base64: 'AA==' }] },
      { operation: 'update_page', page: 'guide', slug: 'manual' },
    ]);
    const reread = readDirectory(new Map(Object.entries(result.directory).map(([path, text]) => [path, new TextEncoder().encode(text)])));
    expect(reread.diagnostics.filter((diagnostic) => diagnostic.code === 'FORMAT_MISSING_FILE')).toEqual([]);
  });
});

describe('a batch', () => {
  it('is atomic: a bad third change leaves nothing', async () => {
    const space = serviceSpace();
    const before = structuredClone(space.snapshot);
    const ids: string[] = [];
    const refused = await failure(
      [
        { operation: 'insert_page', title: 'One', document: { markdown: 'x\n' } },
        { operation: 'update_page', page: 'faq', title: 'Changed' },
        { operation: 'update_page', page: 'guide', into: 'install' },
      ],
      space,
      { newId: () => `id${ids.push('x')}` },
    );
    expect(refused).toMatchObject({ field: 'changes[2].into' });
    expect(space.snapshot).toEqual(before);
  });

  it.each([
    ['no changes', [], 'changes'],
    ['more than 50 changes', Array.from({ length: 51 }, () => ({ operation: 'delete_page', page: 'faq' })), 'changes'],
    ['an unknown operation', [{ operation: 'rename_page' }], 'changes[0].operation'],
    ['a change that is not an object', [3], 'changes[0]'],
  ])('refuses %s', async (_name, changes, field) => {
    expect((await failure(changes)).field).toBe(field);
  });

  it('takes up to 500 changes in a batch from Git (git-batches), and no more', async () => {
    const inserts = (count: number) => Array.from({ length: count }, (_, index) => ({ operation: 'insert_page', title: `Page ${index}`, document: { markdown: `Body ${index}.\n` } }));
    const fromGit = await apply(inserts(500), serviceSpace(), { origin: 'git' });
    expect(fromGit.outcomes.filter((outcome) => outcome.object === 'created_page')).toHaveLength(500);
    expect(await failure(inserts(501), serviceSpace(), { origin: 'git' })).toEqual({ message: 'changes: must be a list of 1 to 500 changes', field: 'changes' });
    expect(await failure(inserts(51))).toEqual({ message: 'changes: must be a list of 1 to 50 changes (500 with origin=git, extension git-batches)', field: 'changes' });
  });

  it('lists each touched page once, in the order first touched', async () => {
    const result = await apply([
      { operation: 'update_page', page: 'faq', title: 'F' },
      { operation: 'insert_page', ref: 'x', title: 'X', document: {} },
      { operation: 'update_page', page: 'n1', title: 'X2' },
      { operation: 'insert_page', title: 'Gone', document: {} },
      { operation: 'delete_page', page: 'n2' },
      { operation: 'update_page', page: 'faq', title: 'F2' },
      { operation: 'update_page', page: 'deploy', title: 'D' },
      { operation: 'delete_page', page: 'deploy' },
    ]);
    expect(result.outcomes).toEqual([
      { object: 'updated_page', page: 'faq' },
      { object: 'created_page', page: 'n1', ref: 'x' },
      { object: 'deleted_page', page: 'deploy' },
    ]);
  });

  it('never changes the input, and shares what it did not touch', async () => {
    const space = serviceSpace();
    const result = await applyContentChanges(space.snapshot, space.lookup, [{ operation: 'update_page', page: 'deploy', title: 'Ship' }], context());
    expect(Object.isFrozen(space.snapshot.pages[1])).toBe(true);
    expect(result.snapshot.pages[0]).toBe(space.snapshot.pages[0]);
    expect(result.snapshot.pages[2]).toBe(space.snapshot.pages[2]);
    const guide = result.snapshot.pages[1] as SnapshotDocumentPage;
    expect(guide).not.toBe(space.snapshot.pages[1]);
    expect(guide.pages[0]).toBe((space.snapshot.pages[1] as SnapshotDocumentPage).pages[0]);
    expect(result.snapshot.files).toBe(space.snapshot.files);
    expect(result.snapshot.source).toBe(space.snapshot.source);
    expect(result.documents.size).toBe(0);
  });

  it('does not fetch any body when nothing moved', async () => {
    const space = serviceSpace();
    const asked: string[][] = [];
    await applyContentChanges(space.snapshot, (ids) => (asked.push([...ids]), new Map()), [{ operation: 'update_page', page: 'faq', title: 'F', document: { markdown: 'x\n' } }], context());
    expect(asked).toEqual([]);
  });
});

describe('on a space read from Git', () => {
  it('moving a page moves its file, and only the links that pointed at it or out of it change', async () => {
    const files = await loadFiles(fixtureRepositories.handbook!);
    const bundle = readDirectory(files).bundle;
    const snapshot: RevisionSnapshot = snapshotFromBundle(bundle);
    const bodies = new Map(Object.entries(bundle.documents));
    const pageAt = (path: string) => [...locatePages(snapshot.pages).values()].find(({ page }) => page.type === 'document' && page.git?.path === path)!.page;

    const applied = await applyContentChanges(
      snapshot,
      documentsFrom(bodies),
      [{ operation: 'update_page', page: pageAt('guides/writing.md').id, into: pageAt('getting-started/README.md').id, at: 2 }],
      context(),
    );
    const all = new Map([...bodies, ...applied.documents]);
    const before = asText(files);
    const after = directoryOf(applied.snapshot, all, new Map(snapshot.files.map((file) => [file.blob, files.get(`.gitbook/assets/${file.name}`) ?? new Uint8Array()])));
    const changed = Object.keys({ ...before, ...after }).filter((path) => before[path] !== after[path]).sort();
    expect(changed).toEqual(['SUMMARY.md', 'getting-started/configure.md', 'getting-started/writing.md', 'guides/README.md', 'guides/advanced/reviewing.md', 'guides/writing.md']);
    expect(after['guides/README.md']).toContain('Read [Writing](../getting-started/writing.md).');
    expect(after['getting-started/writing.md']).toContain('[glossary](../reference/glossary.md)');
  });

  it('a submitted page with a frontmatter keeps it as written', async () => {
    const { snapshot, lookup } = snapshotFromDirectory({ 'README.md': '# Home\n' });
    const markdown = '---\nowner: me\n---\n\nSetext title\n============\n\nBody\n';
    const applied = await applyContentChanges(snapshot, lookup, [{ operation: 'insert_page', document: { markdown } }], context());
    expect(applied.snapshot.source.heads.n1).toBe('---\nowner: me\n---\n\nSetext title\n============\n\n');
  });

  // Issue 10: `X/README.md` replaced by `X.md` inserts the new page while the old one (whose children move into it)
  // is still there; siblings whose slugs collide are what Git allows, so a page given with `git` is not refused.
  it('a page given with `git` whose slug a sibling has takes a unique slug; its file keeps its path and bytes', async () => {
    const { snapshot, lookup, bodies } = snapshotFromDirectory({
      'README.md': '# Home\n',
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n',
      'guide/README.md': '# Guide\n\nOld.\n',
      'guide/install.md': '# Install\n\nRun it.\n',
    });
    const guide = snapshot.pages.find((page) => page.type === 'document' && page.slug === 'guide')!;
    const markdown = '# Guide book\n\nNew.\n';
    const git = { oid: 'a'.repeat(40), path: 'guide.md' };
    const applied = await applyContentChanges(snapshot, lookup, [{ operation: 'insert_page', ref: 'new', slug: 'guide', document: { markdown }, git } as ChangeRequestContentChange], context());
    const created = locatePages(applied.snapshot.pages).get('n1')!.page as SnapshotDocumentPage;
    expect(created).toMatchObject({ slug: 'guide-1', git });
    expect(locatePages(applied.snapshot.pages).get(guide.id)!.page).toMatchObject({ slug: 'guide' });
    const written = directoryOf(applied.snapshot, new Map([...bodies, ...applied.documents]));
    expect(written['guide.md']).toBe(markdown);

    // Without `git` (a page written through the API), the collision is still refused.
    const refused = await failure([{ operation: 'insert_page', slug: 'guide', document: { markdown } }], { snapshot, bodies, lookup });
    expect(refused).toMatchObject({ field: 'changes[0].slug', message: expect.stringMatching(/already has the slug "guide"/) as unknown as string });
  });
});
