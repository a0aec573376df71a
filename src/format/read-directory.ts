import type {
  RevisionFile,
  RevisionPage,
  RevisionPageComputed,
  RevisionPageDocument,
  RevisionPageGroup,
  RevisionPageLink,
  RevisionReusableContent,
  Variables,
} from '@gitbook/api';
import { contentId, documentIdOf } from '../model/content-id.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import { flattenPages } from '../model/page-tree.ts';
import { repositoryPathProblem } from '../model/git-path-rules.ts';
import { emptyDirectorySource, type DirectorySource, type RevisionBundle } from '../model/revision-bundle.ts';
import { maxPageDepth } from '../model/nesting-limits.ts';
import { capPageDepth } from './cap-page-depth.ts';
import { computedEntry } from './summary/computed-page-title.ts';
import { assetsFolder, includesFolder, planLayout, type DirectoryLayout } from './directory-layout.ts';
import { basename, decodeTargetPath, isExternalTarget, normalizeDirectoryPath, resolveInside, resolveLinkTarget, splitTarget } from './directory-path.ts';
import { coverTargets } from './cover-targets.ts';
import { contentTypeOf, imageDimensions } from './file-metadata.ts';
import { standInFacts } from './file-stand-in.ts';
import { frontmatterDiagnostics } from './frontmatter-diagnostics.ts';
import { describeYamlError, parseFrontmatter } from './frontmatter-yaml.ts';
import { configFileName, parseGitbookConfig, type GitbookConfig } from './gitbook-config.ts';
import { memoizedBlobOid } from './git-oid.ts';
import { IdAllocator, type PreviousEntry } from './identity.ts';
import { inferTree } from './infer-tree.ts';
import { LineIndex } from './line-index.ts';
import { splitPageFile } from './page-file.ts';
import { canonicalPageHead, readPageHead } from './page-head.ts';
import type { PageTextMemo } from './page-text-memo.ts';
import { createResolver } from './reference-resolver.ts';
import { scanReferences, type ReferenceSyntax } from './references.ts';
import { canonicalIncludeHead } from './reusable-content-head.ts';
import { slugify, titleFromFileName } from './slug.ts';
import { parseYamlDocument } from './yaml-depth.ts';
import { readSummary } from './summary/read-summary.ts';
import type { LinkSpec, PageSpec, TreeSpec } from './tree-spec.ts';

export interface ReadDirectoryOptions {
  /** The revision this directory is a new version of: pages, files and reusable contents keep its ids. */
  previous?: RevisionBundle;
  /** Symbolic links of the directory (path → target). They are reported and kept, never followed. */
  symlinks?: ReadonlyMap<string, string>;
  /** `createdAt` of the revision; defaults to now. */
  createdAt?: string;
  /** Shared with the read of a directory holding mostly the same texts: each is parsed once (page-text-memo.ts). */
  memo?: PageTextMemo;
}

export interface ReadDirectoryResult {
  bundle: RevisionBundle;
  /** Every problem found, errors and warnings, in the order of the files. */
  diagnostics: Diagnostic[];
}

const varsFile = '.gitbook/vars.yaml';
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a directory in the Git Sync layout (FORMAT.md) into a revision with its page bodies and file bytes.
 * Pure: the directory is a map of path to bytes. Reading never stops at a bad file: each problem is a
 * diagnostic naming the file and line, and whatever could not become part of the revision is kept in
 * `bundle.source.extra`, so writing the bundle back gives the same bytes. The bytes are read, never written, and
 * must not change afterwards: the Git blob id of each array is remembered (`memoizedBlobOid`).
 *
 * @example
 * const { bundle, diagnostics } = readDirectory(new Map([
 *   ['README.md', new TextEncoder().encode('# Hello\n\nWelcome.\n')],
 * ]));
 * bundle.revision.pages[0].title // → 'Hello'
 */
export function readDirectory(files: ReadonlyMap<string, Uint8Array>, options: ReadDirectoryOptions = {}): ReadDirectoryResult {
  return new DirectoryReader(files, options).read();
}

class DirectoryReader {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly files = new Map<string, Uint8Array>();
  private readonly texts = new Map<string, string>();
  /** Paths that became part of the revision or of `source`; everything else ends in `source.extra`. */
  private readonly consumed = new Set<string>();
  private readonly source: DirectorySource = emptyDirectorySource();
  private config!: GitbookConfig;
  /** Ids of the previous revision's groups, link pages and computed pages, by what they are (see `treeKey`). */
  private readonly previousTreeIds = new Map<string, string[]>();

  constructor(
    input: ReadonlyMap<string, Uint8Array>,
    private readonly options: ReadDirectoryOptions,
  ) {
    for (const [key, bytes] of input) {
      const normalized = normalizeDirectoryPath(key);
      if (!normalized.ok) {
        this.report('error', 'FORMAT_PATH_ESCAPES_ROOT', key, undefined, `path ${JSON.stringify(key)} is ${normalized.reason === 'absolute' ? 'absolute' : 'outside the directory'}; it is not read`);
        continue;
      }
      const problem = repositoryPathProblem(normalized.path);
      if (problem !== undefined) {
        this.report('error', 'FORMAT_UNSAFE_PATH', shortPath(key), undefined, `path ${JSON.stringify(shortPath(key))} ${problem}; it is not read`);
        continue;
      }
      this.files.set(normalized.path, bytes);
    }
  }

  read(): ReadDirectoryResult {
    this.readSymlinks();
    this.readConfig();
    const root = this.source.root;
    const summaryPath = root + this.config.structure.summary;
    const readmePath = root + this.config.structure.readme;

    const tree = this.readTree(summaryPath, readmePath);
    const moved = capPageDepth(tree, maxPageDepth);
    if (moved > 0) {
      this.report('warning', 'FORMAT_INVALID_SUMMARY', summaryPath, undefined, `pages nest deeper than ${maxPageDepth} levels, the most Quire reads; the ${moved} pages below level ${maxPageDepth} are listed at level ${maxPageDepth}`);
    }
    const pageSpecs = collectPageSpecs(tree).filter((spec) => this.text(spec.path) !== undefined);
    const includePaths = [...this.files.keys()].filter((path) => path.startsWith(root + includesFolder) && /\.md$/i.test(path) && this.text(path) !== undefined);
    const filePaths = this.collectFiles(pageSpecs, includePaths, tree);

    const layout = this.assignIds(pageSpecs, includePaths, filePaths);
    const files = filePaths.map((path) => this.readFile(path, layout));
    const reusableContents = includePaths.map((path) => this.readReusableContent(path, layout));
    const documents: Record<string, string> = {};
    const pages = this.buildPages(tree, layout, documents, '');
    for (const reusable of reusableContents) {
      const body = this.bodies.get(reusable.id);
      if (body !== undefined && 'document' in reusable && reusable.document) documents[reusable.document] = body;
    }
    const variables = this.readVariables();
    this.checkRedirects();
    this.keepTheRest(readmePath);

    const fileBytes: Record<string, Uint8Array> = {};
    for (const file of files) fileBytes[file.id] = this.files.get(file.git!.path)!;

    const revision = {
      object: 'revision' as const,
      id: contentId(`revision:${[...this.consumed].sort().map((path) => `${path} ${memoizedBlobOid(this.files.get(path) ?? new Uint8Array())}`).join('\n')}`),
      parents: [],
      type: 'edits' as const,
      pages,
      files,
      reusableContents,
      tags: [],
      ...(variables ? { variables } : {}),
      createdAt: this.options.createdAt ?? new Date().toISOString(),
      urls: { app: '' },
    };
    return { bundle: { revision, documents, files: fileBytes, source: this.source }, diagnostics: this.diagnostics };
  }

  // ---- the parts of the directory, in the order they are read

  private readSymlinks(): void {
    for (const [path, target] of this.options.symlinks ?? []) {
      const problem = repositoryPathProblem(path, { symlink: true });
      if (problem !== undefined) {
        this.report('error', 'FORMAT_UNSAFE_PATH', shortPath(path), undefined, `symbolic link ${JSON.stringify(shortPath(path))} ${problem}; it is not read`);
        continue;
      }
      this.report('error', 'FORMAT_SYMLINK', path, undefined, `symbolic link to ${JSON.stringify(target)} is not followed; it is kept as a link`);
      this.source.symlinks[path] = target;
    }
  }

  private readConfig(): void {
    const text = this.text(configFileName);
    if (text === undefined) {
      this.config = parseGitbookConfig('', configFileName).config;
      return;
    }
    const { config, diagnostics } = parseGitbookConfig(text, configFileName);
    this.diagnostics.push(...diagnostics);
    this.config = config;
    this.consumed.add(configFileName);
    this.source.config = { path: configFileName, text };
    this.source.root = config.root;
    this.source.structure = { ...config.structure };
    this.source.redirects = { ...config.redirects };
  }

  private readTree(summaryPath: string, readmePath: string): TreeSpec[] {
    const root = this.source.root;
    const summaryText = this.text(summaryPath);
    if (summaryText !== undefined) {
      this.consumed.add(summaryPath);
      this.source.summaryText = summaryText;
      const { tree, diagnostics } = readSummary(summaryText, summaryPath, root, (path) => this.files.has(path));
      this.diagnostics.push(...diagnostics);
      if (!this.files.has(readmePath)) this.report('warning', 'FORMAT_MISSING_README', readmePath, undefined, `the space has no ${readmePath}, its first page`);
      return tree;
    }
    const markdown = [...this.files.keys()].filter((path) => path.startsWith(root) && /\.md$/i.test(path) && !path.startsWith(`${root}.gitbook/`));
    if (!this.files.has(readmePath)) {
      this.report(markdown.length === 0 ? 'error' : 'warning', 'FORMAT_MISSING_README', readmePath, undefined, `the space has no ${readmePath}, its first page, and no ${summaryPath}`);
    }
    return inferTree(markdown, root, this.config.structure.readme);
  }

  /** Files of the revision: everything in `.gitbook/assets/`, and every other file a page or SUMMARY.md refers to. */
  private collectFiles(pageSpecs: readonly PageSpec[], includePaths: readonly string[], tree: readonly TreeSpec[]): string[] {
    const root = this.source.root;
    const paths = new Set([...this.files.keys()].filter((path) => path.startsWith(root + assetsFolder)));
    const consider = (path: string) => {
      if (!/\.md$/i.test(path) && this.files.has(path) && path !== configFileName) paths.add(path);
    };
    for (const path of [...pageSpecs.map((spec) => spec.path), ...includePaths]) {
      for (const target of this.referencesOf(path)) consider(target);
    }
    const walk = (specs: readonly TreeSpec[]) => {
      for (const spec of specs) {
        if (spec.kind === 'link' && spec.target.kind === 'path') consider(spec.target.path);
        if (spec.kind === 'page' || spec.kind === 'group') walk(spec.children);
      }
    };
    walk(tree);
    return [...paths].sort();
  }

  /** The paths a Markdown file refers to (resolved, existing), reporting the references that go wrong. */
  private referencesOf(path: string): string[] {
    const text = this.text(path)!;
    const parts = splitPageFile(text);
    const targets: string[] = [];
    let lines: LineIndex | undefined;
    const lineOf = (offset: number) => (lines ??= new LineIndex(text)).lineOf(offset);

    // A cover in the frontmatter (one image, or light and dark) is a reference too.
    for (const { target } of parts.frontmatter ? coverTargets(parts.frontmatter.yaml) : []) {
      if (isExternalTarget(target)) continue;
      const resolved = resolveInside(path, decodeTargetPath(target), this.source.root);
      if (resolved.ok) targets.push(resolved.path);
    }
    const body = text.slice(parts.bodyStart);
    for (const reference of this.options.memo?.scanReferences(body) ?? scanReferences(body)) {
      if (isExternalTarget(reference.target)) continue;
      const line = () => lineOf(parts.bodyStart + reference.start);
      const resolved = resolveLinkTarget(path, decodeTargetPath(splitTarget(reference.target).path), this.source.root, (candidate) => this.files.has(candidate));
      if (!resolved.ok) {
        if (resolved.reason === 'empty') continue;
        if (resolved.reason === 'absolute' && !readsContent(reference.syntax)) continue; // a site-absolute link
        const severity = readsContent(reference.syntax) ? 'error' : 'warning';
        const what = reference.syntax === 'include' ? 'include' : 'reference';
        this.report(severity, 'FORMAT_PATH_ESCAPES_ROOT', path, line(), `${what} \`${reference.target}\` ${resolved.reason === 'absolute' ? 'is an absolute path' : 'leaves the space'}; it is not read`);
        continue;
      }
      if (!this.files.has(resolved.path)) {
        if (reference.syntax === 'include') {
          this.report('error', 'FORMAT_MISSING_FILE', path, line(), `include \`${reference.target}\` is not a file of the directory`);
        } else {
          this.report('warning', 'FORMAT_MISSING_FILE', path, line(), `\`${reference.target}\` is not a file of the directory (broken link)`);
        }
        continue;
      }
      if (reference.syntax === 'include' && !resolved.path.startsWith(this.source.root + includesFolder)) {
        this.report('error', 'FORMAT_PATH_ESCAPES_ROOT', path, line(), `include \`${reference.target}\` is not reusable content of the space (${includesFolder})`);
      }
      targets.push(resolved.path);
    }
    return targets;
  }

  /** Ids for pages, files and reusable contents: kept from the previous revision where it has them, else derived. */
  private assignIds(pageSpecs: readonly PageSpec[], includePaths: readonly string[], filePaths: readonly string[]): DirectoryLayout {
    const previous = this.options.previous;
    const previousLayout = previous ? planLayout(previous) : undefined;
    if (previous && previousLayout) {
      for (const page of flattenPages(previous.revision.pages)) {
        const key = treeKeyOfPage(page, previousLayout);
        if (key !== undefined) this.previousTreeIds.set(key, [...(this.previousTreeIds.get(key) ?? []), page.id]);
      }
    }
    const entriesOf = (kind: 'pages' | 'files' | 'reusableContents'): PreviousEntry[] => {
      if (!previous || !previousLayout) return [];
      const items =
        kind === 'pages'
          ? flattenPages(previous.revision.pages).filter((page): page is RevisionPageDocument => page.type === 'document')
          : kind === 'files'
            ? previous.revision.files
            : previous.revision.reusableContents;
      return items.flatMap((item) => {
        const path = previousLayout[kind].get(item.id);
        if (path === undefined) return [];
        const documentId = 'documentId' in item ? item.documentId : 'document' in item ? item.document : undefined;
        const text = typeof documentId === 'string' ? previous.documents[documentId] : undefined;
        return [{ id: item.id, path, ...(item.git?.path === path ? { oid: item.git.oid } : {}), ...(text === undefined ? {} : { text }) }];
      });
    };

    const layout: DirectoryLayout = { pages: new Map(), files: new Map(), reusableContents: new Map(), byPath: new Map() };
    const groups: Array<{ kind: 'page' | 'file' | 'reusable-content'; map: Map<string, string>; paths: readonly string[]; previous: PreviousEntry[]; withText: boolean }> = [
      { kind: 'page', map: layout.pages, paths: pageSpecs.map((spec) => spec.path), previous: entriesOf('pages'), withText: true },
      { kind: 'file', map: layout.files, paths: filePaths, previous: entriesOf('files'), withText: false },
      { kind: 'reusable-content', map: layout.reusableContents, paths: includePaths, previous: entriesOf('reusableContents'), withText: true },
    ];
    for (const group of groups) {
      const allocator = new IdAllocator(group.kind, group.previous, new Set(group.paths));
      const ids = new Map<string, string>();
      // Exact matches first for every entry, then similar texts, then new ids, so a derived id never takes a kept one.
      for (const path of group.paths) {
        const id = allocator.exact(path, memoizedBlobOid(this.files.get(path)!));
        if (id !== undefined) ids.set(path, id);
      }
      if (group.withText) {
        for (const path of group.paths) {
          if (ids.has(path)) continue;
          const id = allocator.similar(this.bodyOf(path));
          if (id !== undefined) ids.set(path, id);
        }
      }
      for (const path of group.paths) {
        const id = ids.get(path) ?? allocator.derived(path);
        group.map.set(id, path);
        layout.byPath.set(path, { kind: group.kind, id });
      }
    }
    return layout;
  }

  private readFile(path: string, layout: DirectoryLayout): RevisionFile {
    const bytes = this.files.get(path)!;
    this.consumed.add(path);
    const name = basename(path);
    const contentType = contentTypeOf(name);
    const standIn = standInFacts(bytes);
    const dimensions = standIn === undefined ? imageDimensions(bytes, contentType) : standIn.dimensions;
    return {
      id: layout.byPath.get(path)!.id,
      name,
      contentType,
      downloadURL: path.slice(this.source.root.length),
      size: bytes.byteLength,
      ...(dimensions ? { dimensions } : {}),
      git: { oid: memoizedBlobOid(bytes), path },
    };
  }

  /** Bodies of reusable contents by id, kept until the documents map is built. */
  private readonly bodies = new Map<string, string>();

  private readReusableContent(path: string, layout: DirectoryLayout): RevisionReusableContent {
    const text = this.text(path)!;
    const id = layout.byPath.get(path)!.id;
    this.consumed.add(path);
    const parts = splitPageFile(text, { title: false });
    let title: string | undefined;
    if (parts.frontmatter) {
      const parsed = parseFrontmatter(parts.frontmatter.yaml, (key) => key === 'title');
      if (!parsed.ok) this.report('error', 'FORMAT_INVALID_YAML', path, parsed.line === undefined ? undefined : parsed.line + 1, `invalid YAML in frontmatter: ${parsed.message}`);
      else if (typeof parsed.data.title === 'string' && parsed.data.title !== '') title = parsed.data.title;
    }
    title ??= titleFromFileName(basename(path));
    const head = text.slice(0, parts.bodyStart);
    const body = text.slice(parts.bodyStart);
    if (head !== canonicalIncludeHead(title, body === '')) this.source.heads[id] = head;
    const document = body === '' ? undefined : documentIdOf(body);
    if (document) this.bodies.set(id, body);
    return { id, title, git: { oid: memoizedBlobOid(this.files.get(path)!), path }, ...(document ? { document } : {}) };
  }

  private buildPages(specs: readonly TreeSpec[], layout: DirectoryLayout, documents: Record<string, string>, parentPath: string): RevisionPage[] {
    const pages: RevisionPage[] = [];
    const linkCounts = new Map<string, number>();
    for (const spec of specs) {
      switch (spec.kind) {
        case 'page': {
          const page = this.readPage(spec, layout, documents, parentPath);
          if (page) pages.push(page);
          else pages.push(...this.buildPages(spec.children, layout, documents, parentPath));
          break;
        }
        case 'group': {
          const path = joinPath(parentPath, spec.slug);
          const group: RevisionPageGroup = {
            id: this.previousTreeId(`group\0${spec.slug}`) ?? contentId(`group:${spec.slug}`),
            title: spec.title,
            kind: 'group',
            type: 'group',
            slug: spec.slug,
            path,
            pages: this.buildPages(spec.children, layout, documents, path) as RevisionPageGroup['pages'],
          };
          pages.push(group);
          break;
        }
        case 'link': {
          const key = spec.target.kind === 'url' ? spec.target.url : `${spec.target.path}#${spec.target.anchor ?? ''}`;
          const occurrence = linkCounts.get(key) ?? 0;
          linkCounts.set(key, occurrence + 1);
          const target = this.linkTarget(spec.target, layout);
          const link: RevisionPageLink = {
            id: this.previousTreeId(linkKey(spec.title, target, layout)) ?? contentId(`link:${parentPath}:${key}:${occurrence}`),
            title: spec.title,
            kind: 'link',
            type: 'link',
            target,
            ...(spec.linkTitle === undefined ? {} : { linkTitle: spec.linkTitle }),
          };
          pages.push(link);
          break;
        }
        case 'computed': {
          const { title, source } = computedEntry(spec.source);
          const computed: RevisionPageComputed = {
            id: this.previousTreeId(`computed\0${JSON.stringify(source)}`) ?? contentId(`computed:${parentPath}:${JSON.stringify(source)}`),
            title,
            type: 'computed',
            computed: source as unknown as RevisionPageComputed['computed'],
          };
          pages.push(computed);
          break;
        }
      }
    }
    return pages;
  }

  private linkTarget(target: LinkSpec['target'], layout: DirectoryLayout): RevisionPageLink['target'] {
    if (target.kind === 'url') return { kind: 'url', url: target.url };
    const found = layout.byPath.get(target.path);
    if (found?.kind === 'page') return target.anchor === undefined ? { kind: 'page', page: found.id } : { kind: 'anchor', anchor: target.anchor, page: found.id };
    if (found?.kind === 'file') return { kind: 'file', file: found.id };
    return { kind: 'url', url: target.path };
  }

  private readPage(spec: PageSpec, layout: DirectoryLayout, documents: Record<string, string>, parentPath: string): RevisionPageDocument | undefined {
    const text = this.text(spec.path);
    const bytes = this.files.get(spec.path);
    if (text === undefined || bytes === undefined) return undefined;
    this.consumed.add(spec.path);
    const id = layout.byPath.get(spec.path)!.id;
    const resolver = createResolver(spec.path, layout, this.source.root);
    const head = readPageHead(text, resolver, this.options.memo);

    if (head.yamlError) {
      this.report('error', 'FORMAT_INVALID_YAML', spec.path, head.yamlError.line, `invalid YAML in frontmatter: ${head.yamlError.message}; the page keeps its title and its frontmatter as written`);
    }
    // What the hosted exporter writes is never an error: a value not understood, or a cover whose image was never
    // committed, is a warning; the head keeps it verbatim and the page is imported (FORMAT.md, "Page files").
    this.diagnostics.push(...frontmatterDiagnostics(spec.path, head.problems));

    const fileName = /^readme\.md$/i.test(basename(spec.path)) ? (spec.path.split('/').slice(-2, -1)[0] ?? 'README.md') : basename(spec.path);
    const title = head.title ?? spec.summaryTitle ?? titleFromFileName(fileName);
    if (spec.summaryTitle !== undefined && head.title !== undefined && spec.summaryTitle !== head.title) {
      this.source.summaryTitles[id] = { summary: spec.summaryTitle, title: head.title };
    }
    // Kept unless the canonical writer would make the same head from the page's fields alone (it cannot know unknown keys).
    const writeCanonical = () => canonicalPageHead(title, head.metadata, '', resolver, head.body === '');
    // Without a cover or meta links, the canonical head does not depend on the layout (nothing to resolve).
    const layoutFree = head.yamlError === undefined && head.metadata.cover === undefined && head.metadata.metaLinks === undefined;
    const memo = layoutFree ? this.options.memo : undefined;
    const canonical = memo === undefined ? writeCanonical() : memo.canonicalHead(JSON.stringify([title, head.body === '', head.head]), writeCanonical);
    if (head.head !== canonical) this.source.heads[id] = head.head;

    const slug = slugOfPath(spec.path, this.source.root + this.config.structure.readme);
    const path = joinPath(parentPath, slug);
    const documentId = head.body === '' ? undefined : (this.options.memo?.documentId(head.body) ?? documentIdOf(head.body));
    if (documentId) documents[documentId] = head.body;
    const { metadata } = head;
    const page: RevisionPageDocument = {
      id,
      title,
      kind: 'sheet',
      type: 'document',
      urls: { app: '' },
      slug,
      path,
      pages: this.buildPages(spec.children, layout, documents, path) as RevisionPageDocument['pages'],
      layout: metadata.layout,
      tags: metadata.tags,
      git: { oid: memoizedBlobOid(bytes), path: spec.path },
      ...(documentId ? { documentId } : {}),
      ...(spec.linkTitle === undefined ? {} : { linkTitle: spec.linkTitle }),
      ...(metadata.description === undefined ? {} : { description: metadata.description }),
      ...(metadata.cover === undefined ? {} : { cover: metadata.cover }),
      ...(metadata.hidden === undefined ? {} : { hidden: metadata.hidden }),
      ...(metadata.noIndex === undefined ? {} : { noIndex: metadata.noIndex }),
      ...(metadata.noRobotsIndex === undefined ? {} : { noRobotsIndex: metadata.noRobotsIndex }),
      ...(metadata.emoji === undefined ? {} : { emoji: metadata.emoji }),
      ...(metadata.icon === undefined ? {} : { icon: metadata.icon }),
      ...(metadata.condition === undefined ? {} : { condition: metadata.condition }),
      ...(metadata.metaLinks === undefined ? {} : { metaLinks: metadata.metaLinks }),
      ...(metadata.variables === undefined ? {} : { variables: metadata.variables }),
    };
    return page;
  }

  private readVariables(): Variables | undefined {
    const path = this.source.root + varsFile;
    const text = this.text(path);
    if (text === undefined) return undefined;
    this.consumed.add(path);
    this.source.varsText = text;
    const document = parseYamlDocument(text, { prettyErrors: false });
    if (document.errors.length > 0) {
      const { line, message } = describeYamlError(text, document.errors[0]!);
      this.report('error', 'FORMAT_INVALID_YAML', path, line, `invalid YAML: ${message}`);
      return undefined;
    }
    const data = document.toJS() as unknown;
    if (data === null || data === undefined) return undefined;
    if (typeof data !== 'object' || Array.isArray(data)) {
      this.report('error', 'FORMAT_INVALID_CONFIG', path, 1, 'variables must be a flat map of name: value');
      return undefined;
    }
    const variables: Variables = {};
    for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') variables[name] = value;
      else this.report('error', 'FORMAT_INVALID_CONFIG', path, lineOfKey(text, name), `variable \`${name}\` must be a string, number or boolean`);
    }
    return variables;
  }

  private checkRedirects(): void {
    for (const [from, to] of Object.entries(this.config.redirects)) {
      const resolved = resolveInside('', `${this.source.root}${to}`, this.source.root);
      const line = lineOfKey(this.source.config?.text ?? '', from);
      if (!resolved.ok) this.report('error', 'FORMAT_PATH_ESCAPES_ROOT', configFileName, line, `redirect \`${from}\` points outside the space: ${to}`);
      else if (!this.files.has(resolved.path)) this.report('error', 'FORMAT_MISSING_FILE', configFileName, line, `redirect \`${from}\` points at ${to}, which is not a file of the directory`);
    }
  }

  /** Whatever is not part of the revision is kept as it is; Markdown pages SUMMARY.md does not list are reported. */
  private keepTheRest(readmePath: string): void {
    const root = this.source.root;
    for (const [path, bytes] of this.files) {
      if (this.consumed.has(path)) continue;
      this.source.extra[path] = bytes;
      const isPageLike = path.startsWith(root) && /\.md$/i.test(path) && !path.startsWith(`${root}.gitbook/`);
      if (!isPageLike) continue;
      if (this.text(path) === undefined) {
        this.report('error', 'FORMAT_INVALID_YAML', path, undefined, 'the file is not UTF-8 text; it is kept byte for byte but is not a page');
      } else {
        const why = path === readmePath ? 'the first page' : 'a page';
        this.report('warning', 'FORMAT_UNLISTED_PAGE', path, undefined, `not listed in ${root}${this.config.structure.summary}, so it is not ${why}; it is kept as a file`);
      }
    }
  }

  // ---- small helpers

  /** The id the previous revision gave the same group, link or computed page, once. */
  private previousTreeId(key: string): string | undefined {
    const ids = this.previousTreeIds.get(key);
    return ids?.shift();
  }

  private text(path: string): string | undefined {
    if (this.texts.has(path)) return this.texts.get(path);
    const bytes = this.files.get(path);
    if (bytes === undefined) return undefined;
    let text: string | undefined;
    try {
      text = utf8.decode(bytes);
    } catch {
      text = undefined;
    }
    if (text !== undefined) this.texts.set(path, text);
    return text;
  }

  private bodyOf(path: string): string {
    const text = this.text(path) ?? '';
    return text.slice(splitPageFile(text).bodyStart);
  }

  private report(severity: Diagnostic['severity'], code: Diagnostic['code'], path: string, line: number | undefined, message: string): void {
    this.diagnostics.push({ severity, code, path, ...(line === undefined ? {} : { line }), message });
  }
}

/** A path as a diagnostic names it: a hostile path may be kilobytes long. */
function shortPath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** What a group, link page or computed page is, to find it again in the previous revision. */
function treeKeyOfPage(page: RevisionPage, layout: DirectoryLayout): string | undefined {
  switch (page.type) {
    case 'group':
      return `group\0${page.slug}`;
    case 'link':
      return linkKey(page.title, page.target, layout);
    case 'computed':
      return `computed\0${JSON.stringify(page.computed)}`;
    default:
      return undefined;
  }
}

function linkKey(title: string, target: RevisionPageLink['target'], layout: DirectoryLayout): string {
  const where =
    target.kind === 'url' ? target.url
    : target.kind === 'page' ? layout.pages.get(target.page)
    : target.kind === 'anchor' ? `${target.page === undefined ? '' : layout.pages.get(target.page)}#${target.anchor}`
    : target.kind === 'file' ? layout.files.get(target.file)
    : JSON.stringify(target);
  return `link\0${title}\0${where}`;
}

/** Re-exported for the format's callers: the id of a body is derived from its text (src/model/content-id.ts). */
export { documentIdOf };

/** Syntaxes whose target is read into the page (an include's text, a file's bytes), as opposed to a plain link. */
function readsContent(syntax: ReferenceSyntax): boolean {
  return syntax === 'include' || syntax === 'file' || syntax === 'openapi';
}

function collectPageSpecs(specs: readonly TreeSpec[]): PageSpec[] {
  const pages: PageSpec[] = [];
  const walk = (list: readonly TreeSpec[]) => {
    for (const spec of list) {
      if (spec.kind === 'page') pages.push(spec);
      if (spec.kind === 'page' || spec.kind === 'group') walk(spec.children);
    }
  };
  walk(specs);
  return pages;
}

/** A page's slug from its file: `guide/install.md` → `install`, `guide/README.md` → `guide`, the first page → `readme`. */
function slugOfPath(path: string, readmePath: string): string {
  const name = basename(path);
  if (path !== readmePath && /^readme\.md$/i.test(name)) return slugify(path.split('/').slice(-2, -1)[0] ?? 'readme');
  return slugify(name.replace(/\.md$/i, ''));
}

function joinPath(parent: string, slug: string): string {
  return parent === '' ? slug : slug === '' ? parent : `${parent}/${slug}`;
}

function lineOfKey(text: string, key: string): number | undefined {
  const index = text.split('\n').findIndex((line) => new RegExp(`^\\s*["']?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*:`).test(line));
  return index === -1 ? undefined : index + 1;
}
