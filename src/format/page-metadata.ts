import type {
  ContentRefFile,
  ContentRefPage,
  ContentRefURL,
  RevisionPageDocumentCover,
  RevisionPageLayoutOptions,
  RevisionPageMetaLinks,
  RevisionPageTag,
  Variables,
} from '@gitbook/api';
import { asCoverMask, asCoverSize, asLayoutWidth } from '../model/published-enums.ts';
import { readCover, writeCover } from './cover-frontmatter.ts';
import { describeValue as describe, isRecord, type FrontmatterProblem } from './frontmatter-problem.ts';
import { readTags, writeTags } from './tags-frontmatter.ts';

export type { FrontmatterProblem } from './frontmatter-problem.ts';

/**
 * The metadata a page's frontmatter carries, as fields of the published `RevisionPageDocument`.
 * FORMAT.md, "Page files", lists the keys and the order they are written in.
 */
export interface PageMetadata {
  description?: string;
  cover?: RevisionPageDocumentCover;
  layout: RevisionPageLayoutOptions;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  emoji?: string;
  icon?: string;
  tags: RevisionPageTag[];
  condition?: string;
  metaLinks?: RevisionPageMetaLinks;
  variables?: Variables;
}

/** Frontmatter keys Quire understands, in the order it writes them. Other keys are kept verbatim, first. */
export const knownFrontmatterKeys = [
  'description',
  'cover',
  'coverY',
  'coverHeight',
  'layout',
  'hidden',
  'noIndex',
  'noRobotsIndex',
  'icon',
  'tags',
  'if',
  'metaLinks',
  'vars',
] as const;

const knownKeys = new Set<string>(knownFrontmatterKeys);

export function isKnownFrontmatterKey(key: string): boolean {
  return knownKeys.has(key);
}

export const defaultLayout: RevisionPageLayoutOptions = {
  width: asLayoutWidth('default')!,
  cover: true,
  coverSize: asCoverSize('hero')!,
  coverMask: asCoverMask('none')!,
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
};

/** The visibility switches of `layout:`, each written as `<key>: { visible: <bool> }`. */
const visibilityKeys = ['title', 'description', 'tableOfContents', 'outline', 'pagination', 'metadata', 'tags', 'actions'] as const;

/** Turns the paths written in a page into references, and references back into paths. */
export interface ReferenceResolver {
  /** A cover as written (relative path or URL) → a file or URL reference; undefined when the file is missing. */
  fileRef(target: string): ContentRefFile | ContentRefURL | undefined;
  /** A meta link as written → a page or URL reference; undefined when the page is missing. */
  pageRef(target: string): ContentRefPage | ContentRefURL | undefined;
  /** The path to write for a file reference, relative to the page. */
  fileTarget(ref: ContentRefFile | ContentRefURL): string | undefined;
  /** The path to write for a page reference, relative to the page. */
  pageTarget(ref: ContentRefPage | ContentRefURL): string | undefined;
}

/**
 * Reads the known keys of a parsed frontmatter object into page metadata. Values it does not understand, and
 * targets the directory lacks, are reported as problems (warnings for the caller) and left out of the metadata;
 * the head is kept as written, so nothing is lost (see `writePageHead`).
 *
 * @example
 * frontmatterToMetadata({ description: 'Hi', hidden: true }, resolver).metadata.hidden // → true
 */
export function frontmatterToMetadata(
  data: Record<string, unknown>,
  resolver: ReferenceResolver,
): { metadata: PageMetadata; problems: FrontmatterProblem[] } {
  const problems: FrontmatterProblem[] = [];
  const metadata: PageMetadata = { layout: { ...defaultLayout }, tags: [] };
  const wrongType = (key: string, expected: string) =>
    problems.push({ key, kind: 'not-understood', message: `frontmatter key \`${key}\` must be ${expected}, got ${describe(data[key])}` });

  if (data.description !== undefined && data.description !== null) {
    if (typeof data.description === 'string') metadata.description = data.description;
    else wrongType('description', 'a string');
  }
  if (data.cover !== undefined && data.cover !== null) {
    const cover = readCover(data.cover, resolver, problems);
    if (cover) metadata.cover = cover;
  }
  if (data.coverY !== undefined) {
    if (typeof data.coverY !== 'number') wrongType('coverY', 'a number');
    else if (metadata.cover) metadata.cover.yPos = data.coverY;
  }
  if (data.coverHeight !== undefined) {
    if (typeof data.coverHeight !== 'number') wrongType('coverHeight', 'a number');
    else if (metadata.cover) metadata.cover.height = data.coverHeight;
  }
  if (data.layout !== undefined && data.layout !== null) {
    if (!isRecord(data.layout)) wrongType('layout', 'a map');
    else readLayout(data.layout, metadata.layout, problems);
  }
  for (const key of ['hidden', 'noIndex', 'noRobotsIndex'] as const) {
    if (data[key] === undefined || data[key] === null) continue;
    if (typeof data[key] === 'boolean') metadata[key] = data[key];
    else wrongType(key, 'true or false');
  }
  if (data.icon !== undefined && data.icon !== null) {
    if (typeof data.icon !== 'string') wrongType('icon', 'a string');
    else if (/\p{Extended_Pictographic}/u.test(data.icon)) metadata.emoji = data.icon;
    else metadata.icon = data.icon;
  }
  if (data.tags !== undefined && data.tags !== null) metadata.tags = readTags(data.tags, problems);
  if (data.if !== undefined && data.if !== null) {
    if (typeof data.if === 'string' && data.if !== '') metadata.condition = data.if;
    else wrongType('if', 'a condition expression');
  }
  if (data.metaLinks !== undefined && data.metaLinks !== null) {
    if (!isRecord(data.metaLinks)) wrongType('metaLinks', 'a map with canonical and alternates');
    else metadata.metaLinks = readMetaLinks(data.metaLinks, resolver, problems);
  }
  if (data.vars !== undefined && data.vars !== null) {
    if (!isRecord(data.vars) || !Object.values(data.vars).every(isVariableValue)) wrongType('vars', 'a map of strings, numbers and booleans');
    else metadata.variables = data.vars as Variables;
  }
  return { metadata, problems };
}

/**
 * The known frontmatter keys for page metadata, in FORMAT.md's order, leaving out defaults.
 * The result is what the canonical writer emits (after the unknown keys of the page, if any).
 *
 * @example
 * metadataToFrontmatter({ layout: defaultLayout, tags: [], description: 'Hi' }, resolver) // → { description: 'Hi' }
 */
export function metadataToFrontmatter(metadata: PageMetadata, resolver: ReferenceResolver): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (metadata.description !== undefined && metadata.description !== '') data.description = metadata.description;
  const cover = metadata.cover ? writeCover(metadata.cover, resolver) : undefined;
  if (cover !== undefined) {
    data.cover = cover;
    data.coverY = metadata.cover!.yPos ?? 0;
    if (metadata.cover!.height !== undefined) data.coverHeight = metadata.cover!.height;
  }
  if (!sameLayout(metadata.layout, defaultLayout)) data.layout = writeLayout(metadata.layout);
  if (metadata.hidden) data.hidden = true;
  if (metadata.noIndex) data.noIndex = true;
  if (metadata.noRobotsIndex) data.noRobotsIndex = true;
  if (metadata.emoji !== undefined) data.icon = metadata.emoji;
  else if (metadata.icon !== undefined) data.icon = metadata.icon;
  if (metadata.tags.length > 0) data.tags = writeTags(metadata.tags);
  if (metadata.condition !== undefined) data.if = metadata.condition;
  if (metadata.metaLinks && (metadata.metaLinks.canonical || metadata.metaLinks.alternates?.length)) {
    const links: Record<string, unknown> = {};
    if (metadata.metaLinks.canonical) links.canonical = resolver.pageTarget(metadata.metaLinks.canonical);
    if (metadata.metaLinks.alternates?.length) links.alternates = metadata.metaLinks.alternates.map((ref) => resolver.pageTarget(ref));
    data.metaLinks = links;
  }
  if (metadata.variables && Object.keys(metadata.variables).length > 0) data.vars = metadata.variables;
  return data;
}

function readLayout(raw: Record<string, unknown>, layout: RevisionPageLayoutOptions, problems: FrontmatterProblem[]): void {
  const notUnderstood = (key: string, expected: string, value: unknown) =>
    problems.push({ key, kind: 'not-understood', message: `${key} must be ${expected}, got ${describe(value)}` });
  const unknownOption = (key: string) => problems.push({ key, kind: 'not-understood', message: `${key} is not a layout option of the format` });
  if (raw.width !== undefined) {
    const width = asLayoutWidth(raw.width);
    if (width) layout.width = width;
    else notUnderstood('layout.width', 'default or wide', raw.width);
  }
  if (raw.cover !== undefined) {
    if (!isRecord(raw.cover)) notUnderstood('layout.cover', 'a map with visible, size and mask', raw.cover);
    else readLayoutCover(raw.cover, layout, notUnderstood, unknownOption);
  }
  for (const key of visibilityKeys) {
    const value = raw[key];
    if (value === undefined) continue;
    if (isRecord(value) && typeof value.visible === 'boolean') layout[key] = value.visible;
    else notUnderstood(`layout.${key}`, 'a map with visible: true or false', value);
  }
  // A layout option Quire does not know would be lost when the frontmatter is regenerated: report it, so the
  // whole `layout:` key is kept as written.
  for (const key of Object.keys(raw)) if (!layoutKeys.has(key)) unknownOption(`layout.${key}`);
}

const layoutKeys = new Set<string>(['width', 'cover', ...visibilityKeys]);

function readLayoutCover(
  raw: Record<string, unknown>,
  layout: RevisionPageLayoutOptions,
  notUnderstood: (key: string, expected: string, value: unknown) => void,
  unknownOption: (key: string) => void,
): void {
  if (raw.visible !== undefined) {
    if (typeof raw.visible === 'boolean') layout.cover = raw.visible;
    else notUnderstood('layout.cover.visible', 'true or false', raw.visible);
  }
  if (raw.size !== undefined) {
    const size = asCoverSize(raw.size);
    if (size) layout.coverSize = size;
    else notUnderstood('layout.cover.size', 'hero, full or background', raw.size);
  }
  if (raw.mask !== undefined) {
    const mask = asCoverMask(raw.mask);
    if (mask) layout.coverMask = mask;
    else notUnderstood('layout.cover.mask', 'none or radial', raw.mask);
  }
  for (const key of Object.keys(raw)) {
    if (!['visible', 'size', 'mask'].includes(key)) unknownOption(`layout.cover.${key}`);
  }
}

function writeLayout(layout: RevisionPageLayoutOptions): Record<string, unknown> {
  const written: Record<string, unknown> = {
    width: layout.width,
    cover: { visible: layout.cover, size: layout.coverSize, ...(layout.coverMask === defaultLayout.coverMask ? {} : { mask: layout.coverMask }) },
  };
  for (const key of visibilityKeys) written[key] = { visible: layout[key] };
  return written;
}

function sameLayout(a: RevisionPageLayoutOptions, b: RevisionPageLayoutOptions): boolean {
  return (Object.keys(b) as (keyof RevisionPageLayoutOptions)[]).every((key) => a[key] === b[key]);
}

function readMetaLinks(raw: Record<string, unknown>, resolver: ReferenceResolver, problems: FrontmatterProblem[]): RevisionPageMetaLinks {
  const links: RevisionPageMetaLinks = {};
  const resolve = (target: unknown, key: string) => {
    if (typeof target !== 'string') {
      problems.push({ key, kind: 'not-understood', message: `${key} must be a URL or a path to a page, got ${describe(target)}` });
      return undefined;
    }
    const ref = resolver.pageRef(target);
    if (ref === undefined) problems.push({ key, kind: 'missing-target', message: `${key} \`${target}\` is not a page of the directory` });
    return ref;
  };
  if (raw.canonical !== undefined) links.canonical = resolve(raw.canonical, 'metaLinks.canonical');
  if (raw.alternates !== undefined) {
    if (!Array.isArray(raw.alternates)) problems.push({ key: 'metaLinks.alternates', kind: 'not-understood', message: `metaLinks.alternates must be a list, got ${describe(raw.alternates)}` });
    else links.alternates = raw.alternates.flatMap((target) => resolve(target, 'metaLinks.alternates') ?? []);
  }
  return links;
}

function isVariableValue(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
