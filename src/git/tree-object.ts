/**
 * Reading Git tree objects. Trees are parsed here rather than through isomorphic-git's `readTree`, which
 * re-sorts entries by plain name: Git's order sorts a folder as if its name ended in `/` (`a.md` before
 * `a/`), and callers comparing with `git ls-tree` need Git's order.
 *
 * Format (git's `tree-walk.c`, `decode_tree_entry`): a sequence of `<octal mode> <name>\0<20-byte oid>`.
 */

/** The mode of a tree entry that is not a folder: a file, an executable file, a symlink or a submodule. */
export type GitEntryMode = '100644' | '100755' | '120000' | '160000';

/** The mode Git writes for a folder (`git ls-tree` prints it with the leading zero). */
export const TREE_MODE = '040000';

/** One entry of a tree object, by name. */
export interface TreeItem {
  name: string;
  oid: string;
  mode: GitEntryMode | typeof TREE_MODE;
}

const utf8 = new TextDecoder('utf-8');
const SPACE = 0x20;
const NUL = 0;

/** Parses a tree object's content, keeping the stored order (Git's order). */
export function parseTreeObject(bytes: Uint8Array): TreeItem[] {
  const items: TreeItem[] = [];
  let index = 0;
  while (index < bytes.length) {
    const space = bytes.indexOf(SPACE, index);
    const nul = bytes.indexOf(NUL, space + 1);
    if (space < 0 || nul < 0 || nul + 21 > bytes.length) throw new Error('Malformed tree object');
    const mode = canonicalMode(utf8.decode(bytes.subarray(index, space)));
    const name = utf8.decode(bytes.subarray(space + 1, nul));
    const oid = hex(bytes.subarray(nul + 1, nul + 21));
    items.push({ name, oid, mode });
    index = nul + 21;
  }
  return items;
}

/**
 * Git canonicalises modes when it reads a tree (`canon_mode` in git's `cache.h`): old repositories hold
 * `100664` or `40000`, which `git ls-tree` prints as `100644` and `040000`.
 */
export function canonicalMode(octal: string): TreeItem['mode'] {
  const mode = Number.parseInt(octal, 8);
  switch (mode & 0o170000) {
    case 0o040000:
      return TREE_MODE;
    case 0o120000:
      return '120000';
    case 0o160000:
      return '160000';
    default:
      return mode & 0o100 ? '100755' : '100644';
  }
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += HEX[byte]!;
  return out;
}

/** An entry's sort key in Git's tree order: folders sort as if their name ended in `/`. */
export function treeOrderKey(item: TreeItem): string {
  return item.mode === TREE_MODE ? `${item.name}/` : item.name;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Compares strings by Unicode code point, which is the byte order of their UTF-8 encoding (Git's order).
 * JavaScript's `<` compares UTF-16 code units and disagrees for characters beyond U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const left = [...a];
  const right = [...b];
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const difference = left[index]!.codePointAt(0)! - right[index]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}
