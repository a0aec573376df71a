import type { RevisionPageDocument } from '@gitbook/api';
import { composeHead, splitPageFile } from './page-file.ts';
import { lineOfKeyPath, parseFrontmatter, writeFrontmatter } from './frontmatter-yaml.ts';
import {
  defaultLayout,
  frontmatterToMetadata,
  isKnownFrontmatterKey,
  metadataToFrontmatter,
  type FrontmatterProblem,
  type PageMetadata,
  type ReferenceResolver,
} from './page-metadata.ts';
import type { PageTextMemo } from './page-text-memo.ts';

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
  /**
   * Every top-level frontmatter key as written, in order, with whether the reader understood it. A key is not
   * understood when it has an unknown name or a value the reader reported as a problem (for `cover`, its
   * `coverY` and `coverHeight` go with it); its text is what `writePageHead` keeps when it rewrites the frontmatter.
   */
  writtenKeys: Array<{ key: string; text: string; understood: boolean }>;
  /** The frontmatter did not parse: `line` is the line in the file. */
  yamlError?: { line: number | undefined; message: string };
  /** Values not understood and targets the directory lacks (warnings), with the line of the key in the file. */
  problems: Array<FrontmatterProblem & { line: number | undefined }>;
}

/**
 * Reads the head of a page file: frontmatter into metadata, the title line, and where the body starts.
 *
 * @example
 * readPageHead('# Intro\n\nHello\n', resolver).title // → 'Intro'
 */
export function readPageHead(text: string, resolver: ReferenceResolver, memo?: PageTextMemo): ReadPageHead {
  const parts = splitPageFile(text);
  const read: ReadPageHead = {
    head: text.slice(0, parts.bodyStart),
    body: text.slice(parts.bodyStart),
    metadata: { layout: { ...defaultLayout }, tags: [] },
    unknownKeysText: '',
    writtenKeys: [],
    problems: [],
  };
  if (parts.title) read.title = parts.title.text;
  if (parts.frontmatter) {
    const parsed = (memo ?? { parseFrontmatter }).parseFrontmatter(parts.frontmatter.yaml, isKnownFrontmatterKey);
    if (!parsed.ok) {
      // The YAML starts on line 2 of the file, after the opening fence.
      read.yamlError = { line: parsed.line === undefined ? undefined : parsed.line + 1, message: parsed.message };
    } else {
      const { metadata, problems } = frontmatterToMetadata(parsed.data, resolver);
      read.metadata = metadata;
      read.unknownKeysText = parsed.unknownKeysText;
      const notUnderstood = notUnderstoodKeys(problems);
      read.writtenKeys = parsed.keyTexts.map(({ key, text }) => ({ key, text, understood: isKnownFrontmatterKey(key) && !notUnderstood.has(key) }));
      // The YAML starts on line 2 of the file, after the opening fence.
      read.problems = problems
        .map((problem) => {
          const line = lineOfKeyPath(parts.frontmatter!.yaml, problem.key);
          return { ...problem, line: line === undefined ? undefined : line + 1 };
        })
        .sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
    }
  }
  return read;
}

/** The top-level keys the problems concern; a cover's position and height are not understood without it. */
function notUnderstoodKeys(problems: readonly FrontmatterProblem[]): Set<string> {
  const keys = new Set(problems.map((problem) => problem.key.split('.')[0]!));
  if (keys.has('cover')) for (const key of ['coverY', 'coverHeight']) keys.add(key);
  return keys;
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
 * Keys the reader did not understand (a value of the wrong type, a cover naming a missing file) are written
 * back verbatim with the unknown ones, unless the metadata now says something else for them.
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
    const { verbatim, known } = keepNotUnderstood(read, metadataToFrontmatter(read.metadata, resolver), wanted);
    const frontmatter = writeFrontmatter(verbatim, known);
    const block = frontmatter === '' ? '' : `---\n${frontmatter}---\n`;
    if (parts.frontmatter) head = block + head.slice(parts.frontmatter.end).replace(block === '' ? /^\n+/ : /^$/, '');
    else head = block === '' ? head : `${block}\n${head}`;
  }
  return head;
}

/**
 * Splits the frontmatter to write into the text kept as written (unknown keys, and not-understood keys whose
 * value the metadata did not change: `read` says the same as `wanted` for them) and the known keys to generate.
 */
function keepNotUnderstood(read: ReadPageHead, readKnown: Record<string, unknown>, wanted: Record<string, unknown>): { verbatim: string; known: Record<string, unknown> } {
  const known = { ...wanted };
  let verbatim = '';
  for (const written of read.writtenKeys) {
    if (written.understood) continue;
    if (isKnownFrontmatterKey(written.key)) {
      if (!sameJson(readKnown[written.key], wanted[written.key])) continue;
      delete known[written.key];
    }
    verbatim += written.text;
  }
  return { verbatim, known };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
