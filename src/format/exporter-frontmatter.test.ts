// The frontmatter forms the hosted exporter writes today (FORMAT.md, "Page files"): a cover map with a dark-mode
// image, primary tags, and values the reader does not understand or files the directory lacks, which are warnings
// kept verbatim, also when the frontmatter is regenerated after a metadata edit in the service.
import type { RevisionPageDocument } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { asText, directory } from '../../test/support/repositories.ts';
import { flattenPages } from '../model/page-tree.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';
import { readDirectory } from './read-directory.ts';
import { relinkBundle } from './relink.ts';
import { writeDirectory } from './write-directory.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const summary = '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide/README.md)\n  * [Page](guide/page.md)\n';

const pageAt = (bundle: RevisionBundle, gitPath: string) =>
  flattenPages(bundle.revision.pages).find((page): page is RevisionPageDocument => page.type === 'document' && page.git?.path === gitPath)!;
const fileId = (bundle: RevisionBundle, gitPath: string) => bundle.revision.files.find((file) => file.git?.path === gitPath)!.id;

function repository(pageHead: string, extra: Record<string, string | Uint8Array> = {}) {
  return directory({
    'README.md': '# Home\n\nWelcome.\n',
    'SUMMARY.md': summary,
    'guide/README.md': '# Guide\n',
    'guide/page.md': `${pageHead}# Page\n\nBody.\n`,
    '.gitbook/assets/a.png': png,
    '.gitbook/assets/b.png': png,
    ...extra,
  });
}

describe('cover maps and primary tags', () => {
  const head = [
    '---',
    'description: A page',
    'cover:',
    '  light: ../.gitbook/assets/a.png',
    '  dark: ../.gitbook/assets/b.png',
    'coverY: 0',
    'tags:',
    '  - tag: new',
    '    primary: true',
    '  - beta',
    '---',
    '',
    '',
  ].join('\n');

  it('reads `cover: { light, dark }` into ref and refDark, and `{ tag, primary }` items into primary tags', () => {
    const { bundle, diagnostics } = readDirectory(repository(head));
    expect(diagnostics).toEqual([]);
    const page = pageAt(bundle, 'guide/page.md');
    expect(page.cover).toEqual({ ref: { kind: 'file', file: fileId(bundle, '.gitbook/assets/a.png') }, refDark: { kind: 'file', file: fileId(bundle, '.gitbook/assets/b.png') }, yPos: 0 });
    expect(page.tags).toEqual([{ tag: { kind: 'tag', tag: 'new' }, primary: true }, { tag: { kind: 'tag', tag: 'beta' } }]);
  });

  it('is the canonical form: written unchanged it gives the same bytes, and no source head is needed to say it', () => {
    const input = repository(head);
    const { bundle } = readDirectory(input);
    expect(bundle.source.heads[pageAt(bundle, 'guide/page.md').id]).toBeUndefined();
    expect(asText(writeDirectory(bundle))).toEqual(asText(input));
  });

  it('keeps the map cover and the primary tag when the description is edited in the service', () => {
    const { bundle } = readDirectory(repository(head));
    const edited = structuredClone(bundle);
    pageAt(edited, 'guide/page.md').description = 'Edited in the service';
    expect(asText(writeDirectory(edited))['guide/page.md']).toBe(`${head.replace('description: A page', 'description: Edited in the service')}# Page\n\nBody.\n`);
  });

  it('writes a cover set in the service with a dark image as a map, light then dark, relative to the page', () => {
    const { bundle } = readDirectory(repository(''));
    const edited = structuredClone(bundle);
    const page = pageAt(edited, 'guide/page.md');
    page.cover = { ref: { kind: 'file', file: fileId(bundle, '.gitbook/assets/a.png') }, refDark: { kind: 'file', file: fileId(bundle, '.gitbook/assets/b.png') }, yPos: 0 };
    page.tags = [{ tag: { kind: 'tag', tag: 'beta' } }, { tag: { kind: 'tag', tag: 'new' }, primary: true }];
    expect(asText(writeDirectory(edited))['guide/page.md']).toBe(
      '---\ncover:\n  light: ../.gitbook/assets/a.png\n  dark: ../.gitbook/assets/b.png\ncoverY: 0\ntags:\n  - beta\n  - tag: new\n    primary: true\n---\n\n# Page\n\nBody.\n',
    );
  });

  it('rewrites both cover paths, and only them, when the page moves to another folder', () => {
    // `hidden: maybe` after the cover: a regenerated frontmatter would move it first, an edit in place does not.
    const kept = head.replace('description: A page', 'owner: docs-team').replace('  - beta\n', '  - beta\nhidden: maybe\n');
    const { bundle } = readDirectory(repository(kept));
    const moved = structuredClone(bundle);
    const guide = moved.revision.pages.find((page) => page.title === 'Guide') as RevisionPageDocument;
    const page = guide.pages.splice(0, 1)[0]! as RevisionPageDocument;
    delete page.git;
    moved.revision.pages.push(page);
    const written = asText(writeDirectory(relinkBundle(bundle, moved)));
    expect(written['page.md']).toBe(`${kept.replaceAll('../.gitbook/assets/', '.gitbook/assets/')}# Page\n\nBody.\n`);
  });

  it('names the tag item that is wrong and why, and reads the others', () => {
    const { bundle, diagnostics } = readDirectory(repository('---\ntags:\n  - beta\n  - 3\n  - tag: new\n    primary: yes please\n---\n\n'));
    expect(diagnostics).toEqual([
      { severity: 'warning', code: 'FORMAT_INVALID_FRONTMATTER', path: 'guide/page.md', line: 4, message: 'tags item 2 must be a tag slug or a map { tag: <slug>, primary: true }, got number 3; kept as written' },
      {
        severity: 'warning',
        code: 'FORMAT_INVALID_FRONTMATTER',
        path: 'guide/page.md',
        line: 5,
        message: 'tags item 3 (new): `primary` must be true or false, got string "yes please"; kept as written',
      },
    ]);
    expect(pageAt(bundle, 'guide/page.md').tags).toEqual([{ tag: { kind: 'tag', tag: 'beta' } }]);
  });
});

describe('what the reader does not understand is a warning, kept verbatim', () => {
  it('a cover naming a file the directory lacks: a warning with file and line, the page imported, the line kept', () => {
    const input = repository('---\ncover: ../.gitbook/assets/never-committed.png\ncoverY: 0\n---\n\n');
    const { bundle, diagnostics } = readDirectory(input);
    expect(diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'FORMAT_MISSING_FILE',
        path: 'guide/page.md',
        line: 2,
        message: 'cover `../.gitbook/assets/never-committed.png` is not a file of the directory; the page is imported without it',
      },
    ]);
    const page = pageAt(bundle, 'guide/page.md');
    expect(page.title).toBe('Page');
    expect(page.cover).toBeUndefined();
    expect(asText(writeDirectory(bundle))).toEqual(asText(input));
  });

  it('a cover map whose dark image is missing keeps the light one and warns on the dark line', () => {
    const { bundle, diagnostics } = readDirectory(repository('---\ncover:\n  light: ../.gitbook/assets/a.png\n  dark: ../.gitbook/assets/gone.png\ncoverY: 0\n---\n\n'));
    expect(diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'FORMAT_MISSING_FILE', line: 4 })]);
    expect(pageAt(bundle, 'guide/page.md').cover).toEqual({ ref: { kind: 'file', file: fileId(bundle, '.gitbook/assets/a.png') }, yPos: 0 });
  });

  it('an unknown enum (layout.cover.size: weird) and a wrong type: warnings on their lines, the rest of layout read', () => {
    const head = '---\nhidden: maybe\nlayout:\n  width: wide\n  cover:\n    visible: true\n    size: weird\n---\n\n';
    const input = repository(head);
    const { bundle, diagnostics } = readDirectory(input);
    expect(diagnostics.map((diagnostic) => [diagnostic.severity, diagnostic.code, diagnostic.line])).toEqual([
      ['warning', 'FORMAT_INVALID_FRONTMATTER', 2],
      ['warning', 'FORMAT_INVALID_FRONTMATTER', 7],
    ]);
    expect(diagnostics[1]!.message).toBe('layout.cover.size must be hero, full or background, got string "weird"; kept as written');
    expect(pageAt(bundle, 'guide/page.md').layout.width).toBe('wide');
    expect(asText(writeDirectory(bundle))).toEqual(asText(input));
  });

  it('not-understood keys, a missing cover and unknown keys survive a metadata edit in the service, verbatim and first', () => {
    const head = [
      '---',
      'owner: docs-team',
      'description: Before',
      'cover: ../.gitbook/assets/never-committed.png',
      'coverY: 12',
      'layout:',
      '  width: wide',
      '  cover:',
      '    size: weird',
      'hidden: maybe',
      '---',
      '',
      '',
    ].join('\n');
    const { bundle } = readDirectory(repository(head));
    const edited = structuredClone(bundle);
    pageAt(edited, 'guide/page.md').description = 'After';
    expect(asText(writeDirectory(edited))['guide/page.md']).toBe(
      [
        '---',
        'owner: docs-team',
        'cover: ../.gitbook/assets/never-committed.png',
        'coverY: 12',
        'layout:',
        '  width: wide',
        '  cover:',
        '    size: weird',
        'hidden: maybe',
        'description: After',
        '---',
        '',
        '# Page',
        '',
        'Body.',
        '',
      ].join('\n'),
    );
  });

  it('a layout option the format does not know keeps the whole layout key verbatim through a metadata edit', () => {
    const head = '---\nlayout:\n  width: wide\n  sparkles:\n    visible: true\n---\n\n';
    const { bundle, diagnostics } = readDirectory(repository(head));
    expect(diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'FORMAT_INVALID_FRONTMATTER', line: 4, message: 'layout.sparkles is not a layout option of the format; kept as written' })]);
    const edited = structuredClone(bundle);
    pageAt(edited, 'guide/page.md').description = 'Described';
    expect(asText(writeDirectory(edited))['guide/page.md']).toBe('---\nlayout:\n  width: wide\n  sparkles:\n    visible: true\ndescription: Described\n---\n\n# Page\n\nBody.\n');
  });

  it('a not-understood key the service then sets is written canonically, once', () => {
    const { bundle } = readDirectory(repository('---\nhidden: maybe\n---\n\n'));
    const edited = structuredClone(bundle);
    pageAt(edited, 'guide/page.md').hidden = true;
    expect(asText(writeDirectory(edited))['guide/page.md']).toBe('---\nhidden: true\n---\n\n# Page\n\nBody.\n');
  });

  it('a meta link to a page the directory lacks: a warning on its line, the other link read, the text kept', () => {
    const input = repository('---\nmetaLinks:\n  canonical: ../gone.md\n  alternates:\n    - ../README.md\n---\n\n');
    const { bundle, diagnostics } = readDirectory(input);
    expect(diagnostics).toEqual([
      { severity: 'warning', code: 'FORMAT_MISSING_FILE', path: 'guide/page.md', line: 3, message: 'metaLinks.canonical `../gone.md` is not a page of the directory' },
    ]);
    expect(pageAt(bundle, 'guide/page.md').metaLinks?.alternates).toEqual([{ kind: 'page', page: pageAt(bundle, 'README.md').id }]);
    expect(asText(writeDirectory(bundle))).toEqual(asText(input));
  });

  it('invalid YAML stays an error', () => {
    const { diagnostics } = readDirectory(repository('---\ncover: [unclosed\n---\n\n'));
    expect(diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: 'FORMAT_INVALID_YAML', path: 'guide/page.md' })]);
  });
});
