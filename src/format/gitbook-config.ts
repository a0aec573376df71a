import { isMap, isScalar } from 'yaml';
import type { Diagnostic } from '../model/diagnostic.ts';
import { repositoryPathProblem } from '../model/git-path-rules.ts';
import { normalizeDirectoryPath } from './directory-path.ts';
import { parseYamlDocument } from './yaml-depth.ts';
import { describeYamlError } from './frontmatter-yaml.ts';

/** `.gitbook.yaml`: where the space lives in the repository and how it is laid out (FORMAT.md, "Layout"). */
export interface GitbookConfig {
  /** The space's folder, `''` or ending in `/`. */
  root: string;
  structure: { readme: string; summary: string };
  /** Old URL path (no leading slash, no `.md`) → file path relative to `root`. */
  redirects: Record<string, string>;
}

export const configFileName = '.gitbook.yaml';

export const defaultConfig: GitbookConfig = { root: '', structure: { readme: 'README.md', summary: 'SUMMARY.md' }, redirects: {} };

/**
 * Parses `.gitbook.yaml`. Problems are reported as diagnostics naming the line; a bad key falls back to its default.
 *
 * @example
 * parseGitbookConfig('root: ./docs/\n', '.gitbook.yaml').config.root // → 'docs/'
 */
export function parseGitbookConfig(text: string, path: string): { config: GitbookConfig; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const config: GitbookConfig = structuredClone(defaultConfig);
  const document = parseYamlDocument(text, { prettyErrors: false });
  if (document.errors.length > 0) {
    const { line, message } = describeYamlError(text, document.errors[0]!);
    diagnostics.push({ severity: 'error', code: 'FORMAT_INVALID_YAML', path, line, message: `invalid YAML: ${message}` });
    return { config, diagnostics };
  }
  const lineOf = (node: unknown) => lineOfNode(text, node);
  const invalid = (node: unknown, message: string) =>
    diagnostics.push({ severity: 'error', code: 'FORMAT_INVALID_CONFIG', path, line: lineOf(node), message });

  const contents = document.contents;
  if (contents === null || (isScalar(contents) && contents.value === null)) return { config, diagnostics };
  if (!isMap(contents)) {
    invalid(contents, '.gitbook.yaml must be a map of root, structure and redirects');
    return { config, diagnostics };
  }

  const root = contents.get('root', true) as unknown;
  if (root !== undefined) {
    const value = isScalar(root) && typeof root.value === 'string' ? root.value.trim() : undefined;
    if (value === undefined) invalid(root, '`root` must be a path');
    else {
      const normalized = value === '' || value === './' || value === '.' ? { ok: true as const, path: '' } : normalizeDirectoryPath(value);
      const problem = normalized.ok && normalized.path !== '' ? repositoryPathProblem(normalized.path.replace(/\/$/, '')) : undefined;
      if (!normalized.ok) invalid(root, `\`root\` ${JSON.stringify(value)} leaves the repository`);
      else if (problem !== undefined) invalid(root, `\`root\` ${problem}; the repository root is used`);
      else config.root = normalized.path === '' ? '' : `${normalized.path.replace(/\/$/, '')}/`;
    }
  }

  const structure = contents.get('structure', true) as unknown;
  if (structure !== undefined) {
    if (!isMap(structure)) invalid(structure, '`structure` must be a map with readme and summary');
    else {
      for (const key of ['readme', 'summary'] as const) {
        const value = structure.get(key, true) as unknown;
        if (value === undefined) continue;
        const normalized = isScalar(value) && typeof value.value === 'string' ? normalizeDirectoryPath(value.value.trim()) : undefined;
        const problem = normalized?.ok ? repositoryPathProblem(normalized.path) : undefined;
        if (!normalized?.ok) invalid(value, `\`structure.${key}\` must be a path inside the root`);
        else if (problem !== undefined) invalid(value, `\`structure.${key}\` ${problem}; the default is used`);
        else config.structure[key] = normalized.path;
      }
    }
  }

  const redirects = contents.get('redirects', true) as unknown;
  if (redirects !== undefined && !(isScalar(redirects) && redirects.value === null)) {
    if (!isMap(redirects)) invalid(redirects, '`redirects` must be a map of old path to file');
    else {
      for (const pair of redirects.items) {
        const from = isScalar(pair.key) ? String(pair.key.value) : undefined;
        const to = isScalar(pair.value) && typeof pair.value.value === 'string' ? pair.value.value : undefined;
        if (from === undefined || to === undefined) {
          invalid(pair.key, 'each redirect maps an old path to a file path');
          continue;
        }
        config.redirects[from] = to;
      }
    }
  }
  return { config, diagnostics };
}

/** The 1-based line where a YAML node starts, from its source range. */
export function lineOfNode(text: string, node: unknown): number | undefined {
  const range = (node as { range?: [number, number, number] } | undefined)?.range;
  if (!range) return undefined;
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < range[0]; index = text.indexOf('\n', index + 1)) line++;
  return line;
}
