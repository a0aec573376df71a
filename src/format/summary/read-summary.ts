import { parseYamlValue } from '../yaml-depth.ts';
import type { Diagnostic } from '../../model/diagnostic.ts';
import { decodeTargetPath, isExternalTarget, resolveInside, splitTarget } from '../directory-path.ts';
import { slugify } from '../slug.ts';
import type { LinkSpec, PageSpec, TreeSpec } from '../tree-spec.ts';
import { parseSummaryLines } from './summary-lines.ts';

/**
 * Turns SUMMARY.md into the page tree it describes (FORMAT.md, "SUMMARY.md"). An item whose file is missing,
 * listed twice, or outside the space is reported and makes no page; the rest of the tree is still read.
 *
 * @example
 * readSummary('* [Intro](README.md)\n', 'SUMMARY.md', '', (path) => path === 'README.md').tree
 * // → [{ kind: 'page', path: 'README.md', summaryTitle: 'Intro', children: [] }]
 */
export function readSummary(
  text: string,
  summaryPath: string,
  root: string,
  exists: (path: string) => boolean,
): { tree: TreeSpec[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const report = (severity: Diagnostic['severity'], code: Diagnostic['code'], line: number, message: string) =>
    diagnostics.push({ severity, code, path: summaryPath, line, message });

  const tree: TreeSpec[] = [];
  let top: TreeSpec[] = tree;
  /** The page specs of the current nesting, by depth; `undefined` where an item made no page. */
  let parents: Array<PageSpec | undefined> = [];
  const listed = new Map<string, number>();

  const attach = (spec: TreeSpec | undefined, depth: number) => {
    parents = parents.slice(0, depth);
    let parent: PageSpec | undefined;
    for (let level = depth - 1; level >= 0 && parent === undefined; level--) parent = parents[level];
    if (spec) (parent ? parent.children : top).push(spec);
    parents[depth] = spec?.kind === 'page' ? spec : undefined;
  };

  for (const entry of parseSummaryLines(text)) {
    switch (entry.kind) {
      case 'title':
        break;
      case 'trivia':
        if (entry.invalid) report('warning', 'FORMAT_INVALID_SUMMARY', entry.line, `line is not a page entry and is ignored: ${entry.raw.trim()}`);
        break;
      case 'group': {
        const group = { kind: 'group' as const, title: entry.title, slug: entry.anchor ?? slugify(entry.title), children: [] };
        tree.push(group);
        top = group.children;
        parents = [];
        break;
      }
      case 'computed': {
        let source: unknown;
        try {
          source = parseYamlValue(entry.yaml);
        } catch (error) {
          report('error', 'FORMAT_INVALID_YAML', entry.line + 1, `invalid YAML in computed page: ${(error as Error).message.split('\n')[0]}`);
        }
        if (typeof source === 'object' && source !== null && typeof (source as { type?: unknown }).type === 'string') {
          attach({ kind: 'computed', source: source as Record<string, unknown>, line: entry.line }, entry.depth);
        } else {
          if (source !== undefined) report('error', 'FORMAT_INVALID_SUMMARY', entry.line, 'a computed page needs a `type`, such as builtin:openapi');
          attach(undefined, entry.depth);
        }
        break;
      }
      case 'item': {
        if (isExternalTarget(entry.href)) {
          attach(withLinkTitle({ kind: 'link', title: entry.title, target: { kind: 'url', url: entry.href } }, entry.linkTitle), entry.depth);
          break;
        }
        const { path: rawPath, suffix } = splitTarget(entry.href);
        const resolved = resolveInside(summaryPath, decodeTargetPath(rawPath), root);
        if (!resolved.ok) {
          report('error', 'FORMAT_PATH_ESCAPES_ROOT', entry.line, `\`${entry.href}\` ${resolved.reason === 'absolute' ? 'is an absolute path' : 'leaves the space'}; it is not read`);
          attach(undefined, entry.depth);
          break;
        }
        const path = resolved.path;
        const anchor = suffix.startsWith('#') ? suffix.slice(1) : undefined;
        if (!exists(path)) {
          report('error', 'FORMAT_MISSING_FILE', entry.line, `\`${entry.href}\` is not a file of the directory (resolved to ${path})`);
          attach(undefined, entry.depth);
          break;
        }
        if (!/\.md$/i.test(path) || listed.has(path)) {
          if (/\.md$/i.test(path) && anchor === undefined) {
            report('error', 'FORMAT_DUPLICATE_ENTRY', entry.line, `\`${path}\` is already listed on line ${listed.get(path)}; a file may be listed once`);
            attach(undefined, entry.depth);
            break;
          }
          attach(withLinkTitle({ kind: 'link', title: entry.title, target: { kind: 'path', path, ...(anchor === undefined ? {} : { anchor }) } }, entry.linkTitle), entry.depth);
          break;
        }
        if (anchor !== undefined) report('warning', 'FORMAT_INVALID_SUMMARY', entry.line, `the anchor #${anchor} of a page entry is ignored`);
        listed.set(path, entry.line);
        const page: PageSpec = { kind: 'page', path, summaryTitle: entry.title, children: [] };
        if (entry.linkTitle !== undefined) page.linkTitle = entry.linkTitle;
        attach(page, entry.depth);
        break;
      }
    }
  }
  return { tree, diagnostics };
}

function withLinkTitle(spec: LinkSpec, linkTitle: string | undefined): LinkSpec {
  if (linkTitle !== undefined) spec.linkTitle = linkTitle;
  return spec;
}
