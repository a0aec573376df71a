import type { RevisionPage, RevisionReusableContent, Variables } from '@gitbook/api';
import { stringify as stringifyYaml } from 'yaml';
import { QuireError } from '../errors/quire-error.ts';
import { walkPages } from '../model/page-tree.ts';
import type { RevisionBundle } from '../model/revision-bundle.ts';
import { planLayout, type DirectoryLayout } from './directory-layout.ts';
import { parseFrontmatter } from './frontmatter-yaml.ts';
import { inferTree } from './infer-tree.ts';
import { splitPageFile } from './page-file.ts';
import { writePageHead } from './page-head.ts';
import { createResolver } from './reference-resolver.ts';
import { canonicalIncludeHead } from './reusable-content-head.ts';
import { writeSummary } from './summary/write-summary.ts';
import type { TreeSpec } from './tree-spec.ts';
import { parseYamlValue } from './yaml-depth.ts';
import { sortedJson } from './sorted-json.ts';

const utf8 = new TextEncoder();
const varsFile = '.gitbook/vars.yaml';

/**
 * Writes a revision out as a directory in the Git Sync layout: the reverse of `readDirectory`. Pure: returns a
 * map of path to bytes. What was read from a directory is written back byte for byte; only what changed since
 * (a page's metadata, the page tree) is rewritten, in the smallest span (FORMAT.md, "Source text is kept").
 * Symbolic links kept in `bundle.source.symlinks` are for the caller to recreate.
 *
 * @example
 * const files = writeDirectory(bundle);
 * new TextDecoder().decode(files.get('README.md')) // → '# Hello\n\nWelcome.\n'
 */
export function writeDirectory(bundle: RevisionBundle): Map<string, Uint8Array> {
  const { revision, source } = bundle;
  const layout = planLayout(bundle);
  const output = new Map<string, Uint8Array>();
  const put = (path: string, bytes: Uint8Array) => {
    if (output.has(path)) throw new QuireError('INTERNAL', `two entries of the revision were laid out at ${path}`, { path });
    output.set(path, bytes);
  };

  for (const [path, bytes] of Object.entries(source.extra)) put(path, bytes);
  if (source.config) put(source.config.path, utf8.encode(source.config.text));

  walkPages(revision.pages, (page) => {
    if (page.type !== 'document') return;
    const path = layout.pages.get(page.id)!;
    const documentId = 'documentId' in page ? page.documentId : undefined;
    const body = documentId === undefined ? '' : documentOf(bundle, documentId, `page ${page.id}`);
    const head = writePageHead(page, source.heads[page.id], createResolver(path, layout, source.root), body === '');
    put(path, utf8.encode(head + body));
  });

  for (const reusable of revision.reusableContents) {
    const path = layout.reusableContents.get(reusable.id)!;
    const documentId = 'document' in reusable ? reusable.document : undefined;
    const body = documentId === undefined ? '' : documentOf(bundle, documentId, `reusable content ${reusable.id}`);
    put(path, utf8.encode(reusableContentHead(reusable, source.heads[reusable.id], body === '') + body));
  }

  for (const file of revision.files) {
    const bytes = bundle.files[file.id];
    if (bytes === undefined) throw new QuireError('FORMAT_INVALID_BUNDLE', `file ${file.id} (${file.name}) has no bytes in the bundle`, { fileId: file.id });
    put(layout.files.get(file.id)!, bytes);
  }

  const vars = variablesText(revision.variables, source.varsText);
  if (vars !== undefined) put(source.root + varsFile, utf8.encode(vars));

  const summaryPath = source.root + source.structure.summary;
  if (source.summaryText !== undefined || !treeIsInferable(bundle, layout)) put(summaryPath, utf8.encode(writeSummary(bundle, layout, summaryPath)));
  return output;
}

function documentOf(bundle: RevisionBundle, documentId: string, owner: string): string {
  const body = bundle.documents[documentId];
  if (body === undefined) throw new QuireError('FORMAT_INVALID_BUNDLE', `${owner} names document ${documentId}, which is not in the bundle`, { documentId });
  return body;
}

/** The head of a reusable-content file: kept as written while its title is the same, else canonical. */
function reusableContentHead(reusable: RevisionReusableContent, writtenHead: string | undefined, bodyIsEmpty: boolean): string {
  if (writtenHead !== undefined) {
    const parts = splitPageFile(writtenHead, { title: false });
    if (!parts.frontmatter) return writtenHead;
    const parsed = parseFrontmatter(parts.frontmatter.yaml, (key) => key === 'title');
    if (!parsed.ok || parsed.data.title === reusable.title) return writtenHead;
    const frontmatter = `${parsed.unknownKeysText}${stringifyYaml({ title: reusable.title }, { lineWidth: 0 })}`;
    return `---\n${frontmatter}---\n${writtenHead.slice(parts.frontmatter.end)}`;
  }
  return canonicalIncludeHead(reusable.title, bodyIsEmpty);
}

/** `.gitbook/vars.yaml`: as written while it says the same, else canonical; absent when there are no variables. */
function variablesText(variables: Variables | undefined, writtenText: string | undefined): string | undefined {
  if (writtenText !== undefined) {
    let written: unknown;
    try {
      written = parseYamlValue(writtenText);
    } catch {
      return writtenText;
    }
    if (sortedJson(written ?? {}) === sortedJson(variables ?? {}) || variables === undefined) return writtenText;
  }
  if (variables === undefined || Object.keys(variables).length === 0) return undefined;
  return stringifyYaml(variables, { lineWidth: 0 });
}

/**
 * A directory read without SUMMARY.md gets none back while the folders still say the same tree (a sidebar
 * title, which only SUMMARY.md can say, needs one) (FORMAT.md: "No SUMMARY.md: infer the tree from the folders ... and write SUMMARY.md next time").
 */
function treeIsInferable(bundle: RevisionBundle, layout: DirectoryLayout): boolean {
  const { source } = bundle;
  const inferred = inferTree([...layout.pages.values()], source.root, source.structure.readme);
  return sameTree(inferred, bundle.revision.pages, layout);
}

function sameTree(specs: readonly TreeSpec[], pages: readonly RevisionPage[], layout: DirectoryLayout): boolean {
  if (specs.length !== pages.length) return false;
  return specs.every((spec, index) => {
    const page = pages[index]!;
    if (spec.kind === 'page') return page.type === 'document' && page.linkTitle === undefined && layout.pages.get(page.id) === spec.path && sameTree(spec.children, page.pages, layout);
    if (spec.kind === 'group') return page.type === 'group' && page.slug === spec.slug && page.title === spec.title && sameTree(spec.children, page.pages, layout);
    return false;
  });
}
