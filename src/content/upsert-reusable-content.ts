import type { RevisionReusableContent } from '@gitbook/api';
import { basename } from '../format/directory-path.ts';
import { parseFrontmatter } from '../format/frontmatter-yaml.ts';
import { splitPageFile } from '../format/page-file.ts';
import { documentIdOf } from '../format/read-directory.ts';
import { canonicalIncludeHead } from '../format/reusable-content-head.ts';
import { titleFromFileName } from '../format/slug.ts';
import { invalidChange } from './change-error.ts';
import type { ContentBatch } from './content-batch.ts';
import { readGitBlob } from './git-blob-field.ts';
import { defaultPageTitle } from './insert-page.ts';
import type { QuireUpsertReusableContentChange } from './quire-changes.ts';

/**
 * `quire_upsert_reusable_content` (docs/api-extensions.md): creates reusable content (no `reusableContent`: a
 * new id) or replaces one, read the way Git Sync reads `.gitbook/includes/*.md`: the Markdown may be the whole
 * file, whose frontmatter `title` wins over `title`; the head is kept as written when it says more than the
 * canonical one, so the file is written back byte for byte. Without a title anywhere, the title comes from the
 * Git path's file name, else stays (on a replace) or is a default. `git` sets the Git blob; without it a replace
 * keeps the current one. The body is stored as written (links in includes are already relative paths).
 *
 * @example
 * applyUpsertReusableContent(batch, { operation: 'quire_upsert_reusable_content', document: { markdown: '---\ntitle: Support\n---\n\nMail us.\n' } }, 0);
 */
export function applyUpsertReusableContent(batch: ContentBatch, change: QuireUpsertReusableContentChange, index: number): void {
  const requested: unknown = change.reusableContent;
  if (requested !== undefined && (typeof requested !== 'string' || requested === '')) throw invalidChange(index, 'reusableContent', 'must be a reusable content id (a non-empty string)');
  const position = requested === undefined ? -1 : batch.reusableContents.findIndex((reusable) => reusable.id === requested);
  if (requested !== undefined && position === -1) throw invalidChange(index, 'reusableContent', `reusable content ${requested} is not in the change request`);
  const current = position === -1 ? undefined : batch.reusableContents[position];

  const givenTitle = readTitle(change.title, index);
  const markdown = readMarkdown(change.document, index);
  const git = readGitBlob(change.git, index, 'git') ?? current?.git;
  const parts = splitPageFile(markdown, { title: false });
  let frontmatterTitle: string | undefined;
  if (parts.frontmatter) {
    const parsed = parseFrontmatter(parts.frontmatter.yaml, (key) => key === 'title');
    if (!parsed.ok) throw invalidChange(index, 'document.markdown', `the frontmatter is not valid YAML${parsed.line === undefined ? '' : ` on line ${parsed.line + 1}`}: ${parsed.message}`);
    if (typeof parsed.data.title === 'string' && parsed.data.title.trim() !== '') frontmatterTitle = parsed.data.title;
  }
  const title = frontmatterTitle ?? givenTitle ?? (git === undefined ? undefined : titleFromFileName(basename(git.path))) ?? current?.title ?? defaultPageTitle;

  const id = current?.id ?? batch.context.newId();
  const head = markdown.slice(0, parts.bodyStart);
  const body = markdown.slice(parts.bodyStart);
  if (head === '' || head === canonicalIncludeHead(title, body === '')) delete batch.heads[id];
  else batch.heads[id] = head;
  const document = body === '' ? undefined : documentIdOf(body);
  if (document !== undefined) batch.documents.set(document, body);

  const record = { id, title, ...(git === undefined ? {} : { git }), ...(document === undefined ? {} : { document }) } as RevisionReusableContent;
  if (position === -1) batch.reusableContents.push(record);
  else batch.reusableContents[position] = record;
}

function readTitle(title: unknown, index: number): string | undefined {
  if (title === undefined) return undefined;
  if (typeof title !== 'string' || title.trim() === '' || /[\r\n]/.test(title)) throw invalidChange(index, 'title', 'must be a non-empty single line');
  return title.trim();
}

function readMarkdown(document: unknown, index: number): string {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) throw invalidChange(index, 'document', 'is required: give the content as { "markdown": "..." }');
  const markdown = (document as { markdown?: unknown }).markdown;
  if (typeof markdown !== 'string') throw invalidChange(index, 'document.markdown', 'must be a string');
  return markdown;
}
