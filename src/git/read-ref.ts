/**
 * Reads a ref from the git directory's files, as isomorphic-git's `resolveRef` does (the same names tried in the
 * same order: `<ref>`, `refs/<ref>`, `refs/tags/<ref>`, `refs/heads/<ref>`, `refs/remotes/<ref>`,
 * `refs/remotes/<ref>/HEAD`; a loose file before packed-refs; symbolic refs followed), without loading
 * isomorphic-git (isomorphic-git.ts says what that costs). Anything it does not answer plainly, it leaves to
 * isomorphic-git: `undefined`, and resolve-ref.ts asks that (not found, abbreviated oids, odd files).
 * https://git-scm.com/docs/gitrevisions#Documentation/gitrevisions.txt-emltrefnamegtemegemmasterememheadsmasterememrefsheadsmasterem
 */
import { joinPath, type GitRepository } from './repository.ts';

/** Files of the git directory that are not refs (isomorphic-git skips them too). */
const notRefs = new Set(['config', 'description', 'index', 'shallow', 'commondir']);
/** Symbolic refs followed at most (HEAD → a branch is one). */
const maxSymbolicDepth = 5;

/**
 * The oid `ref` names, read from loose ref files and packed-refs; undefined when they do not say it plainly.
 *
 * @example
 * await readRefFiles(repo, 'refs/heads/main') // → 'e3b0c442...' (40 hex digits), or undefined
 */
export async function readRefFiles(repo: GitRepository, ref: string): Promise<string | undefined> {
  let packed: Map<string, string> | undefined;
  const packedRefs = async (): Promise<Map<string, string>> => (packed ??= await readPackedRefs(repo));
  let name = ref;
  for (let depth = 0; depth <= maxSymbolicDepth; depth++) {
    const value = await firstValue(repo, name, packedRefs);
    if (value === undefined) return undefined;
    if (/^[0-9a-f]{40}$/.test(value)) return value;
    if (!value.startsWith('ref: ')) return undefined;
    name = value.slice('ref: '.length);
  }
  return undefined;
}

async function firstValue(repo: GitRepository, ref: string, packedRefs: () => Promise<Map<string, string>>): Promise<string | undefined> {
  const candidates = [ref, `refs/${ref}`, `refs/tags/${ref}`, `refs/heads/${ref}`, `refs/remotes/${ref}`, `refs/remotes/${ref}/HEAD`];
  for (const candidate of candidates) {
    if (notRefs.has(candidate)) continue;
    const loose = await readText(repo, joinPath(repo.gitdir, candidate));
    const value = loose === undefined || loose.trim() === '' ? (await packedRefs()).get(candidate) : loose.trim();
    if (value !== undefined) return value;
  }
  return undefined;
}

/** packed-refs: `<oid> <name>` lines; `#` starts the header, `^` a peeled tag's target. */
async function readPackedRefs(repo: GitRepository): Promise<Map<string, string>> {
  const refs = new Map<string, string>();
  const text = await readText(repo, joinPath(repo.gitdir, 'packed-refs'));
  for (const line of (text ?? '').split('\n')) {
    if (line === '' || line.startsWith('#') || line.startsWith('^')) continue;
    const space = line.indexOf(' ');
    if (space > 0) refs.set(line.slice(space + 1).trim(), line.slice(0, space));
  }
  return refs;
}

/** A file's text, undefined when it cannot be read (missing, a folder). */
async function readText(repo: GitRepository, path: string): Promise<string | undefined> {
  try {
    return String(await repo.fs.promises.readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
}
