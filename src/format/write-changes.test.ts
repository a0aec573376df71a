import type { RevisionPageDocument } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { asText, directory, fixtureRepositories, loadFiles } from '../../test/support/repositories.ts';
import { flattenPages } from '../model/page-tree.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';
import { emptyDirectorySource } from '../model/revision-bundle.ts';
import { defaultLayout } from './page-metadata.ts';
import { readDirectory } from './read-directory.ts';
import { documentIdOf } from './read-directory.ts';
import { writeDirectory } from './write-directory.ts';

const documentAt = (bundle: RevisionBundle, gitPath: string) =>
  flattenPages(bundle.revision.pages).find((page): page is RevisionPageDocument => page.type === 'document' && page.git?.path === gitPath)!;

function newPage(id: string, title: string, slug: string, body: string, bundle: RevisionBundle, extra: Partial<RevisionPageDocument> = {}): RevisionPageDocument {
  const documentId = documentIdOf(body);
  bundle.documents[documentId] = body;
  return { id, title, kind: 'sheet', type: 'document', urls: { app: '' }, slug, path: slug, pages: [], layout: defaultLayout, tags: [], documentId, ...extra } as RevisionPageDocument;
}

describe('writing what changed in the service', () => {
  it('a title edit rewrites only the title line, and SUMMARY.md only its entry', async () => {
    const files = await loadFiles(fixtureRepositories['hand-written']!);
    const bundle = structuredClone(readDirectory(files).bundle);
    documentAt(bundle, 'tutorials/first-steps.md').title = 'The first steps';
    const before = asText(files);
    const after = asText(writeDirectory(bundle));
    expect(after['tutorials/first-steps.md']).toBe(before['tutorials/first-steps.md']!.replace('# First steps\n', '# The first steps\n'));
    expect(after['SUMMARY.md']).toBe(before['SUMMARY.md']!.replace('    - [First steps](tutorials/first-steps.md)', '    - [The first steps](tutorials/first-steps.md)'));
    const others = Object.keys(before).filter((path) => path !== 'SUMMARY.md' && path !== 'tutorials/first-steps.md');
    for (const path of others) expect(after[path], path).toBe(before[path]);
  });

  it('a metadata edit regenerates the frontmatter canonically, unknown keys first and verbatim, title line and body kept', async () => {
    const files = await loadFiles(fixtureRepositories.handbook!);
    const bundle = structuredClone(readDirectory(files).bundle);
    const install = documentAt(bundle, 'getting-started/install.md');
    install.description = 'Install everything.';
    install.hidden = true;
    const written = asText(writeDirectory(bundle))['getting-started/install.md']!;
    const before = asText(files)['getting-started/install.md']!;
    expect(written).toBe(`---\nowner: platform-team\ndescription: Install everything.\nhidden: true\n---\n\n${before.slice(before.indexOf('# Install'))}`);
  });

  it('removing all metadata removes the frontmatter block', () => {
    const bundle = structuredClone(readDirectory(directory({ 'README.md': '---\ndescription: Old\n---\n\n# Home\n\nBody.\n' })).bundle);
    delete (bundle.revision.pages[0] as RevisionPageDocument).description;
    expect(asText(writeDirectory(bundle))['README.md']).toBe('# Home\n\nBody.\n');
  });

  it('a new page is written in canonical style and gets one new SUMMARY.md line after its sibling', async () => {
    const files = await loadFiles(fixtureRepositories['hand-written']!);
    const bundle = structuredClone(readDirectory(files).bundle);
    const tutorials = documentAt(bundle, 'tutorials/README.md');
    tutorials.pages.push(newPage('new-page-id-00000000', 'Ünïcode & "quotes"', 'unicode-and-quotes', 'Some text.\n', bundle, { description: 'A new page.' }));
    const after = asText(writeDirectory(bundle));
    expect(after['tutorials/unicode-and-quotes.md']).toBe('---\ndescription: A new page.\n---\n\n# Ünïcode & "quotes"\n\nSome text.\n');
    // The file's own style: `-` bullets and 4-space indents.
    expect(after['SUMMARY.md']).toBe(
      asText(files)['SUMMARY.md']!.replace(
        '    - [Going further](./tutorials/going-further.md)\n',
        '    - [Going further](./tutorials/going-further.md)\n    - [Ünïcode & "quotes"](tutorials/unicode-and-quotes.md)\n',
      ),
    );
  });

  it('a space made in the service is written canonically, with SUMMARY.md, groups, assets and includes', () => {
    const bundle: RevisionBundle = {
      revision: {
        object: 'revision', id: 'rev', parents: [], type: 'edits', pages: [], files: [], reusableContents: [], tags: [],
        createdAt: '2026-01-01T00:00:00.000Z', urls: { app: '' },
      },
      documents: {},
      files: { logo: new Uint8Array([1, 2, 3]) },
      source: emptyDirectorySource(),
    };
    const home = newPage('home', 'Welcome', 'welcome', 'Hello ![logo](.gitbook/assets/logo.png)\n', bundle);
    const parent = newPage('parent', 'Getting Started', 'getting-started', 'Intro.\n', bundle);
    parent.pages.push(newPage('child', 'Install', 'install', 'Steps.\n', bundle));
    bundle.revision.pages.push(home, parent, {
      id: 'group', title: 'Reference Docs', kind: 'group', type: 'group', slug: 'api', path: 'api',
      pages: [newPage('api-page', 'Endpoints', 'endpoints', 'GET /.\n', bundle)],
    });
    bundle.revision.files.push({ id: 'logo', name: 'logo.png', contentType: 'image/png', downloadURL: '', size: 3 });
    bundle.documents[documentIdOf('Shared text.\n')] = 'Shared text.\n';
    bundle.revision.reusableContents.push({ id: 'inc', title: 'Shared bit', document: documentIdOf('Shared text.\n') });

    expect(asText(writeDirectory(bundle))).toEqual({
      '.gitbook/assets/logo.png': '\u0001\u0002\u0003',
      '.gitbook/includes/shared-bit.md': '---\ntitle: Shared bit\n---\n\nShared text.\n',
      'README.md': '# Welcome\n\nHello ![logo](.gitbook/assets/logo.png)\n',
      'SUMMARY.md':
        '# Table of contents\n\n* [Welcome](README.md)\n* [Getting Started](getting-started/README.md)\n  * [Install](getting-started/install.md)\n\n' +
        '## Reference Docs <a href="#api" id="api"></a>\n\n* [Endpoints](api/endpoints.md)\n',
      'api/endpoints.md': '# Endpoints\n\nGET /.\n',
      'getting-started/README.md': '# Getting Started\n\nIntro.\n',
      'getting-started/install.md': '# Install\n\nSteps.\n',
    });
    // And it reads back to the same tree.
    const reread = readDirectory(writeDirectory(bundle), { previous: bundle }).bundle;
    expect(flattenPages(reread.revision.pages).map((page) => [page.id, page.title])).toEqual(flattenPages(bundle.revision.pages).map((page) => [page.id, page.title]));
  });

  it('a directory without SUMMARY.md gets none back until its tree changes', async () => {
    const files = await loadFiles(fixtureRepositories['folders-only']!);
    const bundle = structuredClone(readDirectory(files).bundle);
    expect(writeDirectory(bundle).has('SUMMARY.md')).toBe(false);
    bundle.revision.pages.reverse();
    expect(asText(writeDirectory(bundle))['SUMMARY.md']).toContain('## Reference');
  });
});
