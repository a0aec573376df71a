import type { Variables } from '@gitbook/api';
import { repositoryPathProblem, type GitPathKind } from '../model/git-path-rules.ts';
import { emptyDirectorySource } from '../model/revision-bundle.ts';
import { invalidChange } from './change-error.ts';
import type { ContentBatch } from './content-batch.ts';
import { decodeBase64 } from './file-upload-fields.ts';
import type { QuireSetDirectoryChange } from './quire-changes.ts';

/** The most bytes one `extra` file may have (a repository's odd files: favicons, scripts, licences). */
const maxExtraFileBytes = 8 * 1024 * 1024;

const sourceKeys = new Set(['root', 'structure', 'redirects', 'config', 'summaryText', 'varsText', 'summaryTitles', 'extra', 'symlinks']);

type Fields = Readonly<Record<string, unknown>>;

/**
 * `quire_set_directory` (docs/api-extensions.md): sets what the Markdown directory holds beyond pages and files
 * (the `DirectorySource` of `src/model/revision-bundle.ts`), key by key; a key given as `null` goes back to what
 * a directory without it has. `extra` is set path by path (base64 bytes, `null` removing a path; `extra: null`
 * removes them all). `variables` replaces the space's variables (`null` removes them).
 *
 * @example
 * applySetDirectory(batch, { operation: 'quire_set_directory', source: { root: 'docs/', summaryText: '# Summary\n' } }, 0);
 */
export function applySetDirectory(batch: ContentBatch, change: QuireSetDirectoryChange, index: number): void {
  const source: unknown = change.source;
  if (typeof source !== 'object' || source === null || Array.isArray(source)) throw invalidChange(index, 'source', 'must be an object of directory keys');
  const fields = source as Fields;
  for (const key of Object.keys(fields)) if (!sourceKeys.has(key)) throw invalidChange(index, `source.${key}`, `is not a known key (${[...sourceKeys].join(', ')})`);
  const defaults = emptyDirectorySource();
  const patch = batch.sourcePatch;
  const given = (key: string) => key in fields && fields[key] !== undefined;

  if (given('root')) patch.root = fields.root === null ? defaults.root : checkRoot(fields.root, index);
  if (given('structure')) patch.structure = fields.structure === null ? defaults.structure : checkStructure(fields.structure, index);
  if (given('redirects')) patch.redirects = fields.redirects === null ? {} : checkStringRecord(fields.redirects, index, 'source.redirects');
  if (given('config')) {
    if (fields.config === null) patch.config = undefined;
    else patch.config = checkConfig(fields.config, index);
  }
  for (const key of ['summaryText', 'varsText'] as const) {
    if (!given(key)) continue;
    const value = fields[key];
    if (value !== null && typeof value !== 'string') throw invalidChange(index, `source.${key}`, 'must be a string or null');
    patch[key] = value === null ? undefined : value;
  }
  if (given('summaryTitles')) {
    const titles = fields.summaryTitles === null ? {} : checkSummaryTitles(fields.summaryTitles, index);
    for (const key of Object.keys(batch.summaryTitles)) delete batch.summaryTitles[key];
    Object.assign(batch.summaryTitles, titles);
  }
  if (given('extra')) patch.extra = nextExtra(fields.extra, patch.extra ?? batch.snapshot.source.extra, index);
  if (given('symlinks')) patch.symlinks = fields.symlinks === null ? {} : checkStringRecord(fields.symlinks, index, 'source.symlinks', true);

  if (change.variables !== undefined) batch.variables = change.variables === null ? null : checkVariables(change.variables, index);
}

function checkRoot(root: unknown, index: number): string {
  if (typeof root !== 'string') throw invalidChange(index, 'source.root', 'must be a folder ("" or ending in "/") or null');
  if (root === '') return root;
  const problem = root.endsWith('/') ? repositoryPathProblem(root.slice(0, -1)) : 'must end in "/"';
  if (problem !== undefined) throw invalidChange(index, 'source.root', problem);
  return root;
}

function checkStructure(structure: unknown, index: number): { readme: string; summary: string } {
  if (typeof structure !== 'object' || structure === null || Array.isArray(structure)) throw invalidChange(index, 'source.structure', 'must be { "readme": "...", "summary": "..." } or null');
  const { readme, summary, ...rest } = structure as Fields;
  if (Object.keys(rest).length > 0) throw invalidChange(index, `source.structure.${Object.keys(rest)[0]}`, 'is not a known key (readme, summary)');
  return { readme: checkPath(readme, index, 'source.structure.readme'), summary: checkPath(summary, index, 'source.structure.summary') };
}

function checkConfig(config: unknown, index: number): { path: string; text: string } {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) throw invalidChange(index, 'source.config', 'must be { "path": "...", "text": "..." } or null');
  const { path, text, ...rest } = config as Fields;
  if (Object.keys(rest).length > 0) throw invalidChange(index, `source.config.${Object.keys(rest)[0]}`, 'is not a known key (path, text)');
  if (typeof text !== 'string') throw invalidChange(index, 'source.config.text', 'must be a string');
  return { path: checkPath(path, index, 'source.config.path'), text };
}

function checkSummaryTitles(titles: unknown, index: number): Record<string, { summary: string; title: string }> {
  if (typeof titles !== 'object' || titles === null || Array.isArray(titles)) throw invalidChange(index, 'source.summaryTitles', 'must be an object or null');
  const checked: Record<string, { summary: string; title: string }> = {};
  for (const [pageId, entry] of Object.entries(titles as Fields)) {
    const { summary, title } = (entry ?? {}) as Fields;
    if (typeof summary !== 'string' || typeof title !== 'string') throw invalidChange(index, `source.summaryTitles.${pageId}`, 'must be { "summary": "...", "title": "..." }');
    checked[pageId] = { summary, title };
  }
  return checked;
}

/** An object of strings; with `keysArePaths`, its keys are the paths of symbolic links. */
function checkStringRecord(value: unknown, index: number, field: string, keysArePaths = false): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidChange(index, field, 'must be an object of strings or null');
  const checked: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value as Fields)) {
    if (typeof entry !== 'string') throw invalidChange(index, `${field}.${key}`, 'must be a string');
    if (keysArePaths) checkPath(key, index, `${field}.${key}`, { symlink: true });
    checked[key] = entry;
  }
  return checked;
}

function nextExtra(value: unknown, current: Readonly<Record<string, Uint8Array>>, index: number): Record<string, Uint8Array> {
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidChange(index, 'source.extra', 'must be an object of path to base64 bytes (null removing a path), or null');
  const extra = { ...current };
  for (const [path, bytes] of Object.entries(value as Fields)) {
    checkPath(path, index, `source.extra.${path}`);
    if (bytes === null) delete extra[path];
    else extra[path] = decodeBase64(bytes, index, `source.extra.${path}`, maxExtraFileBytes);
  }
  return extra;
}

function checkVariables(variables: unknown, index: number): Variables {
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) throw invalidChange(index, 'variables', 'must be an object of names to values, or null');
  for (const [name, value] of Object.entries(variables)) {
    const ok = typeof value === 'number' ? Number.isFinite(value) : typeof value === 'boolean' || (typeof value === 'string' && value.length <= 256);
    if (!ok) throw invalidChange(index, `variables.${name}`, 'must be a string of at most 256 characters, a number or a boolean');
  }
  return { ...(variables as Variables) };
}

/** A path of the directory, held to the repository path rules (`src/model/git-path-rules.ts`). */
function checkPath(path: unknown, index: number, field: string, kind: GitPathKind = {}): string {
  if (typeof path !== 'string') throw invalidChange(index, field, 'must be a path (a string)');
  const problem = repositoryPathProblem(path, kind);
  if (problem !== undefined) throw invalidChange(index, field, problem);
  return path;
}
