import type { RevisionPage, RevisionPageDocument, RevisionPageLink } from '@gitbook/api';
import { stringify as stringifyYaml } from 'yaml';
import { parseYamlValue } from '../yaml-depth.ts';
import type { RevisionBundle } from '../../model/revision-bundle.ts';
import type { DirectoryLayout } from '../directory-layout.ts';
import { decodeTargetPath, isExternalTarget, relativePath, resolveInside, splitTarget } from '../directory-path.ts';
import { encodeTargetPath } from '../reference-resolver.ts';
import { slugify } from '../slug.ts';
import { escapeTitle, parseSummaryLines, type SummaryEntry } from './summary-lines.ts';
import { sortedJson } from '../sorted-json.ts';
import { computedBlock } from './computed-page-title.ts';

/** One line (or block) of SUMMARY.md as the page tree wants it, with a signature to find it in the old text. */
interface Element {
  kind: 'title' | 'group' | 'item';
  signature: string;
  render: (style: SummaryStyle) => string;
}

interface SummaryStyle {
  bullet: string;
  indent: number;
}

const canonicalStyle: SummaryStyle = { bullet: '*', indent: 2 };
const canonicalTitle = '# Table of contents\n';

/**
 * Writes SUMMARY.md for a revision (FORMAT.md, "SUMMARY.md" and "Source text is kept"). With the text it was
 * read from, every entry whose meaning did not change keeps its line byte for byte, with the blank lines and
 * comments around it; only entries that were added, removed, renamed or moved are written anew, in the style
 * of the file (bullet and indentation). Without one, the canonical SUMMARY.md is written.
 *
 * @example
 * writeSummary(bundle, planLayout(bundle)) // → '# Table of contents\n\n* [Intro](README.md)\n'
 */
export function writeSummary(bundle: RevisionBundle, layout: DirectoryLayout, summaryPath: string): string {
  const oldText = bundle.source.summaryText;
  const oldEntries = oldText === undefined ? [] : parseSummaryLines(oldText);
  const hasOldTitle = oldText === undefined || oldEntries.some((entry) => entry.kind === 'title');
  const elements = elementsOf(bundle, layout, summaryPath, hasOldTitle);
  const style = oldText === undefined ? canonicalStyle : styleOf(oldEntries);

  // The old text as units: an element and the trivia lines (blank lines, separators, comments) after it.
  const units: Array<{ entry: SummaryEntry | undefined; trivia: SummaryEntry[]; used: boolean }> = [{ entry: undefined, trivia: [], used: true }];
  for (const entry of oldEntries) {
    if (entry.kind === 'trivia') units[units.length - 1]!.trivia.push(entry);
    else units.push({ entry, trivia: [], used: false });
  }
  const bySignature = new Map<string, number[]>();
  units.forEach((unit, index) => {
    if (!unit.entry) return;
    const signature = signatureOfEntry(unit.entry, summaryPath, bundle.source.root);
    bySignature.set(signature, [...(bySignature.get(signature) ?? []), index]);
  });

  const output = new TextBuilder();
  output.add(units[0]!.trivia.map((entry) => entry.raw).join(''));
  // The last element that kept its old line, and whether the trivia after it was written yet.
  let lastKept: { unit: number; triviaWritten: boolean } | undefined;
  let previous: Element | undefined;
  const triviaOf = (unit: number) => units[unit]!.trivia.map((entry) => entry.raw).join('');
  for (const element of elements) {
    const unitIndex = bySignature.get(element.signature)?.find((index) => !units[index]!.used);
    if (unitIndex !== undefined) units[unitIndex]!.used = true;
    if (previous) {
      output.endLine();
      if (unitIndex !== undefined && lastKept && !lastKept.triviaWritten && lastKept.unit === unitIndex - 1) {
        // Back beside its old neighbour: the lines between them are as they were.
        output.add(triviaOf(lastKept.unit));
        lastKept.triviaWritten = true;
      } else {
        if (unitIndex !== undefined && lastKept && !lastKept.triviaWritten) {
          output.add(keptTrivia(units[lastKept.unit]!.trivia));
          lastKept.triviaWritten = true;
        }
        output.add(canonicalSeparator(previous, element));
      }
    }
    output.add(unitIndex === undefined ? element.render(style) : units[unitIndex]!.entry!.raw);
    if (unitIndex !== undefined) lastKept = { unit: unitIndex, triviaWritten: false };
    previous = element;
  }
  if (lastKept && !lastKept.triviaWritten) {
    if (lastKept.unit === units.length - 1) output.add(triviaOf(lastKept.unit));
    else output.endLine().add(keptTrivia(units[lastKept.unit]!.trivia));
  }
  return output.endLine().toString();
}

/** Appends text pieces and knows whether the text so far ends a line, without re-reading it. */
class TextBuilder {
  private readonly parts: string[] = [];
  private endsLine = true;

  add(text: string): this {
    if (text === '') return this;
    this.parts.push(text);
    this.endsLine = text.endsWith('\n');
    return this;
  }

  /** Ends the current line if it is not ended (a file's last line may have had no line break). */
  endLine(): this {
    return this.endsLine ? this : this.add('\n');
  }

  toString(): string {
    return this.parts.join('');
  }
}

/** Blank lines the canonical style puts between two elements: around group headings and after the title. */
function canonicalSeparator(previous: Element, element: Element): string {
  return previous.kind === 'title' || previous.kind === 'group' || element.kind === 'group' ? '\n' : '';
}

/** Trivia lines that carry something (comments, unknown lines): kept even when their neighbours change. */
function keptTrivia(trivia: readonly SummaryEntry[]): string {
  return trivia
    .filter((entry) => entry.kind === 'trivia' && entry.invalid)
    .map((entry) => ensureLineBreak(entry.raw))
    .join('');
}

function ensureLineBreak(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

/** The bullet and indentation the old file uses, so new lines look like their neighbours. */
function styleOf(entries: readonly SummaryEntry[]): SummaryStyle {
  const items = entries.filter((entry) => entry.kind === 'item' || entry.kind === 'computed');
  const bullet = /^[ \t]*([*+-])/.exec(items[0]?.raw ?? '')?.[1] ?? canonicalStyle.bullet;
  const nested = items.find((entry) => entry.depth === 1);
  const indent = nested ? (/^[ \t]*/.exec(nested.raw)?.[0].length ?? 2) : canonicalStyle.indent;
  return { bullet, indent: indent > 0 ? indent : canonicalStyle.indent };
}

/** The signature of an old entry: what it means (resolved paths), not how it is written. */
function signatureOfEntry(entry: SummaryEntry, summaryPath: string, root: string): string {
  switch (entry.kind) {
    case 'title':
      return 'title';
    case 'group':
      return `group\0${entry.title}\0${entry.anchor ?? slugify(entry.title)}`;
    case 'computed': {
      let source: unknown;
      try {
        source = parseYamlValue(entry.yaml);
      } catch {
        return `invalid\0${entry.raw}`;
      }
      return `computed\0${entry.depth}\0${sortedJson(source)}`;
    }
    case 'item': {
      if (isExternalTarget(entry.href)) return itemSignature(entry.depth, entry.title, entry.href, entry.linkTitle);
      const { path, suffix } = splitTarget(entry.href);
      const resolved = resolveInside(summaryPath, decodeTargetPath(path), root);
      return itemSignature(entry.depth, entry.title, resolved.ok ? resolved.path + suffix : entry.href, entry.linkTitle);
    }
    case 'trivia':
      return `trivia\0${entry.raw}`;
  }
}

function itemSignature(depth: number, title: string, target: string, linkTitle: string | undefined): string {
  return `item\0${depth}\0${title}\0${target}\0${linkTitle ?? ''}`;
}

/** The elements the page tree needs, in order. */
function elementsOf(bundle: RevisionBundle, layout: DirectoryLayout, summaryPath: string, withTitle: boolean): Element[] {
  const elements: Element[] = [];
  if (withTitle) elements.push({ kind: 'title', signature: 'title', render: () => canonicalTitle });

  const href = (path: string, suffix = '') => {
    const relative = encodeTargetPath(relativePath(summaryPath, path)) + suffix;
    return /\s/.test(relative) ? `<${relative}>` : relative;
  };
  const item = (depth: number, title: string, target: string, written: string, linkTitle: string | undefined): Element => ({
    kind: 'item',
    signature: itemSignature(depth, title, target, linkTitle),
    render: (style) =>
      `${' '.repeat(style.indent * depth)}${style.bullet} [${escapeTitle(title)}](${written}${linkTitle === undefined ? '' : ` "${linkTitle.replace(/(["\\])/g, '\\$1')}"`})\n`,
  });

  const visit = (pages: readonly RevisionPage[], depth: number) => {
    for (const page of pages) {
      switch (page.type) {
        case 'group': {
          const anchor = page.slug !== slugify(page.title) ? ` <a href="#${page.slug}" id="${page.slug}"></a>` : '';
          elements.push({ kind: 'group', signature: `group\0${page.title}\0${page.slug}`, render: () => `## ${page.title}${anchor}\n` });
          visit(page.pages, 0);
          break;
        }
        case 'document': {
          const path = layout.pages.get(page.id);
          if (path === undefined) break;
          elements.push(item(depth, summaryTitleOf(page, bundle), path, href(path), page.linkTitle));
          visit(page.pages, depth + 1);
          break;
        }
        case 'link': {
          const target = linkTarget(page, layout);
          if (target === undefined) break;
          elements.push(item(depth, page.title, target.signature, target.external ? target.signature : href(target.path, target.suffix), page.linkTitle));
          break;
        }
        case 'computed': {
          const source = computedBlock(page.title, JSON.parse(JSON.stringify(page.computed)) as Record<string, unknown>);
          elements.push({
            kind: 'item',
            signature: `computed\0${depth}\0${sortedJson(source)}`,
            render: (style) => {
              const indent = ' '.repeat(style.indent * depth);
              const inner = `${indent}  `;
              const yaml = stringifyYaml(source, { lineWidth: 0 })
                .split('\n')
                .filter((line) => line !== '')
                .map((line) => `${inner}${line}\n`)
                .join('');
              return `${indent}${style.bullet} \`\`\`yaml\n${yaml}${inner}\`\`\`\n`;
            },
          });
          break;
        }
      }
    }
  };
  visit(bundle.revision.pages, 0);
  return elements;
}

/** The text of a page's entry: the page title, or the entry's own text while the title is the one it stood beside. */
function summaryTitleOf(page: RevisionPageDocument, bundle: RevisionBundle): string {
  const kept = bundle.source.summaryTitles[page.id];
  return kept && kept.title === page.title ? kept.summary : page.title;
}

function linkTarget(
  page: RevisionPageLink,
  layout: DirectoryLayout,
): { external: true; signature: string } | { external: false; signature: string; path: string; suffix: string } | undefined {
  const target = page.target;
  switch (target.kind) {
    case 'url':
      return { external: true, signature: target.url };
    case 'page':
    case 'anchor': {
      const path = target.page === undefined ? undefined : layout.pages.get(target.page);
      if (path === undefined) return undefined;
      const suffix = target.kind === 'anchor' ? `#${target.anchor}` : '';
      return { external: false, signature: path + suffix, path, suffix };
    }
    case 'file': {
      const path = layout.files.get(target.file);
      return path === undefined ? undefined : { external: false, signature: path, path, suffix: '' };
    }
    default:
      return page.href ? { external: true, signature: page.href } : undefined;
  }
}
