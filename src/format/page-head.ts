import type { RevisionPageDocument } from '@gitbook/api';
import { composeHead, splitPageFile } from './page-file.ts';
import { parseFrontmatter, writeFrontmatter } from './frontmatter-yaml.ts';
import {
  defaultLayout,
  frontmatterToMetadata,
  isKnownFrontmatterKey,
  metadataToFrontmatter,
  type FrontmatterProblem,
  type PageMetadata,
  type ReferenceResolver,
} from './page-metadata.ts';

/** What the head of a page file says. */
export interface ReadPageHead {
  /** The head as written: everything before the body. */
  head: string;
  body: string;
  /** The `# ` title line's text, when the file has one. */
  title?: string;
  metadata: PageMetadata;
  /** Unknown frontmatter keys, as written. */
  unknownKeysText: string;
  /** The frontmatter did not parse: `line` is the line in the file. */
  yamlError?: { line: number | undefined; message: string };
  /** Known keys with the wrong type, with the line of the key in the file. */
  problems: Array<FrontmatterProblem & { line: number | undefined }>;
}

/**
 * Reads the head of a page file: frontmatter into metadata, the title line, and where the body starts.
 *
 * @example
 * readPageHead('# Intro\n\nHello\n', resolver).title // → 'Intro'
 */
export function readPageHead(text: string, resolver: ReferenceResolver): ReadPageHead {
  const parts = splitPageFile(text);
  const read: ReadPageHead = {
    head: text.slice(0, parts.bodyStart),
    body: text.slice(parts.bodyStart),
    metadata: { layout: { ...defaultLayout }, tags: [] },
    unknownKeysText: '',
    problems: [],
  };
  if (parts.title) read.title = parts.title.text;
  if (parts.frontmatter) {
    const parsed = parseFrontmatter(parts.frontmatter.yaml, isKnownFrontmatterKey);
    if (!parsed.ok) {
      // The YAML starts on line 2 of the file, after the opening fence.
      read.yamlError = { line: parsed.line === undefined ? undefined : parsed.line + 1, message: parsed.message };
    } else {
      const { metadata, problems } = frontmatterToMetadata(parsed.data, resolver);
      read.metadata = metadata;
      read.unknownKeysText = parsed.unknownKeysText;
      read.problems = problems.map((problem) => ({ ...problem, line: keyLine(parts.frontmatter!.yaml, problem.key) }));
    }
  }
  return read;
}

/** Line in the file of a top-level frontmatter key (`layout.width` → the `layout:` line). */
function keyLine(yaml: string, key: string): number | undefined {
  const name = key.split('.')[0]!;
  const index = yaml.split('\n').findIndex((line) => line.startsWith(`${name}:`));
  return index === -1 ? undefined : index + 2;
}

/** The metadata fields of a page, as frontmatter carries them. */
export function metadataOfPage(page: RevisionPageDocument): PageMetadata {
  const metadata: PageMetadata = { layout: page.layout, tags: page.tags ?? [] };
  if (page.description !== undefined) metadata.description = page.description;
  if (page.cover !== undefined) metadata.cover = page.cover;
  if (page.hidden !== undefined) metadata.hidden = page.hidden;
  if (page.noIndex !== undefined) metadata.noIndex = page.noIndex;
  if (page.noRobotsIndex !== undefined) metadata.noRobotsIndex = page.noRobotsIndex;
  if (page.emoji !== undefined) metadata.emoji = page.emoji;
  if (page.icon !== undefined) metadata.icon = page.icon;
  if (page.condition !== undefined) metadata.condition = page.condition;
  if (page.metaLinks !== undefined) metadata.metaLinks = page.metaLinks;
  if (page.variables !== undefined) metadata.variables = page.variables;
  return metadata;
}

/** The canonical head for a page: frontmatter for its non-default metadata, then `# Title`. */
export function canonicalPageHead(
  title: string,
  metadata: PageMetadata,
  unknownKeysText: string,
  resolver: ReferenceResolver,
  bodyIsEmpty: boolean,
): string {
  const frontmatter = writeFrontmatter(unknownKeysText, metadataToFrontmatter(metadata, resolver));
  return composeHead({ frontmatter: frontmatter === '' ? undefined : frontmatter, title, bodyIsEmpty });
}

/**
 * The head to write for a page. The head as written (`writtenHead`) is kept byte for byte while the page's
 * title and metadata are what it says; otherwise only the part that changed is rewritten: the frontmatter
 * (canonical, unknown keys first and verbatim) or the title line (FORMAT.md, "Source text is kept").
 */
export function writePageHead(page: RevisionPageDocument, writtenHead: string | undefined, resolver: ReferenceResolver, bodyIsEmpty: boolean): string {
  const metadata = metadataOfPage(page);
  if (writtenHead === undefined) return canonicalPageHead(page.title, metadata, '', resolver, bodyIsEmpty);

  const read = readPageHead(writtenHead, resolver);
  const parts = splitPageFile(writtenHead);
  const wanted = metadataToFrontmatter(metadata, resolver);
  const frontmatterChanged = read.yamlError === undefined && !sameJson(metadataToFrontmatter(read.metadata, resolver), wanted);
  const titleChanged = parts.title !== undefined && parts.title.text !== page.title;
  if (!frontmatterChanged && !titleChanged) return writtenHead;

  let head = writtenHead;
  if (titleChanged) head = head.slice(0, parts.title!.start) + `# ${page.title}\n` + head.slice(parts.title!.end);
  if (frontmatterChanged) {
    const frontmatter = writeFrontmatter(read.unknownKeysText, wanted);
    const block = frontmatter === '' ? '' : `---\n${frontmatter}---\n`;
    if (parts.frontmatter) head = block + head.slice(parts.frontmatter.end).replace(block === '' ? /^\n+/ : /^$/, '');
    else head = block === '' ? head : `${block}\n${head}`;
  }
  return head;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
