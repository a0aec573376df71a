import type { ContentRefFile, ContentRefPage, ContentRefURL } from '@gitbook/api';
import { parseFrontmatter } from '../format/frontmatter-yaml.ts';
import { splitPageFile } from '../format/page-file.ts';
import { readPageHead } from '../format/page-head.ts';
import { isKnownFrontmatterKey, type PageMetadata, type ReferenceResolver } from '../format/page-metadata.ts';
import { invalidChange } from './change-error.ts';

/** Page fields a frontmatter can set, with the value it gives them; `undefined` removes the field. */
export type FrontmatterFields = { [K in keyof PageMetadata]?: PageMetadata[K] | undefined };

/**
 * A Markdown document given by `insert_page` or `update_page`, read the way Git Sync reads a page file: the
 * frontmatter sets metadata, the leading `# ` heading (or a frontmatter `title`) is the title, and the rest is
 * the body that is stored.
 */
export interface SubmittedMarkdown {
  /** From the leading heading, else from a frontmatter `title`; they take precedence over the change's `title`. */
  title?: string;
  /** Only the fields whose keys the frontmatter has (an `icon` that is an emoji sets `emoji` and removes `icon`). */
  fields: FrontmatterFields;
  /**
   * Frontmatter `cover` and `metaLinks` are read as `{ kind: 'url' }` refs holding the target as written; targets
   * that are not URLs are resolved like links once the page tree is final.
   */
  deferredTargets: boolean;
  /** The head as written (frontmatter, title line, blank lines), kept when it says more than the canonical one. */
  head: string;
  hasTitleLine: boolean;
  /** The Markdown after the frontmatter and the title: what is stored as the page's document. */
  body: string;
}

/** Keeps every frontmatter target as written (as a URL ref), to be resolved when the tree is final. */
const deferringResolver: ReferenceResolver = {
  fileRef: (target): ContentRefURL => ({ kind: 'url', url: target }),
  pageRef: (target): ContentRefURL => ({ kind: 'url', url: target }),
  fileTarget: (ref: ContentRefFile | ContentRefURL) => (ref.kind === 'url' ? ref.url : undefined),
  pageTarget: (ref: ContentRefPage | ContentRefURL) => (ref.kind === 'url' ? ref.url : undefined),
};

/**
 * Reads the `document` of a change (`asFile`: the change gives the page's Git blob, so the markdown is the page
 * file as the repository holds it): `{ markdown }` is read; `{}` is an empty document; a JSON document is refused
 * (Quire keeps page bodies as Markdown). Errors name `changes[index].document...`.
 *
 * @example
 * readSubmittedDocument({ markdown: '---\nhidden: true\n---\n# Intro\n\nHello\n' }, 0)
 * // → { title: 'Intro', fields: { hidden: true }, body: 'Hello\n', ... }
 */
export function readSubmittedDocument(document: unknown, index: number, options: { asFile: boolean } = { asFile: false }): SubmittedMarkdown {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw invalidChange(index, 'document', 'must be an object: { "markdown": "..." }');
  }
  if ('document' in document) {
    throw invalidChange(index, 'document.document', 'JSON documents are not supported by this server; send the page as { "markdown": "..." }');
  }
  if (!('markdown' in document)) return { fields: {}, deferredTargets: false, head: '', hasTitleLine: false, body: '' };
  const markdown = document.markdown;
  if (typeof markdown !== 'string') throw invalidChange(index, 'document.markdown', 'must be a string');
  return readSubmittedMarkdown(markdown, index, options.asFile);
}

function readSubmittedMarkdown(markdown: string, index: number, asFile: boolean): SubmittedMarkdown {
  const field = 'document.markdown';
  const read = readPageHead(markdown, deferringResolver);
  if (read.yamlError) {
    const where = read.yamlError.line === undefined ? '' : ` on line ${read.yamlError.line}`;
    throw invalidChange(index, field, `the frontmatter is not valid YAML${where}: ${read.yamlError.message}`);
  }
  // A page file from Git (given with `git`) is read as the format reads it: a value it does not understand is left
  // out of the page's fields and kept in the head as written, never refused (FORMAT.md, "Page files"; the format's
  // reader reports it as a warning). Markdown written for the API is checked.
  const problem = read.problems[0];
  if (problem && !asFile) throw invalidChange(index, field, `${problem.message}${problem.line === undefined ? '' : ` (line ${problem.line})`}`);

  const parts = splitPageFile(markdown);
  const data = parts.frontmatter ? parseFrontmatter(parts.frontmatter.yaml, isKnownFrontmatterKey) : undefined;
  const keys = new Set(data?.ok ? Object.keys(data.data) : []);
  const frontmatterTitle = data?.ok && typeof data.data.title === 'string' ? data.data.title.trim() : '';
  const title = read.title !== undefined && read.title.trim() !== '' ? read.title.trim() : frontmatterTitle !== '' ? frontmatterTitle : undefined;

  const { metadata } = read;
  const fields: FrontmatterFields = {};
  const present = (key: string) => keys.has(key) && data?.ok === true && data.data[key] !== null;
  if (present('description')) fields.description = metadata.description;
  if (present('cover')) fields.cover = metadata.cover;
  if (present('layout')) fields.layout = metadata.layout;
  for (const key of ['hidden', 'noIndex', 'noRobotsIndex'] as const) if (present(key)) fields[key] = metadata[key];
  if (present('icon')) {
    fields.emoji = metadata.emoji;
    fields.icon = metadata.icon;
  }
  if (present('tags')) fields.tags = metadata.tags;
  if (present('if')) fields.condition = metadata.condition;
  if (present('metaLinks')) fields.metaLinks = metadata.metaLinks;
  if (present('vars')) fields.variables = metadata.variables;

  return {
    ...(title === undefined ? {} : { title }),
    fields,
    deferredTargets: fields.cover !== undefined || fields.metaLinks !== undefined,
    head: read.head,
    hasTitleLine: parts.title !== undefined,
    body: read.body,
  };
}
