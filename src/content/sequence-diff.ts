/**
 * The longest common subsequence of two sequences of strings (lines, or ids), found with Myers' O((N+M)·D)
 * algorithm after trimming the common prefix and suffix, so that a small edit of a long text costs little.
 * When the sequences differ in more than `maxEdits` places, only the prefix and suffix are matched: the middle
 * is then one changed region, which is the safe answer for a merge (it can only add conflicts).
 */

/** Default limit on the edit distance explored; beyond it the middle of the two sequences is left unmatched. */
export const defaultMaxEdits = 2000;

/**
 * For each index of `a`, the index of the element of `b` it is matched with, or -1. Matches are increasing.
 *
 * @example
 * matchSequences(['a', 'b', 'c'], ['a', 'c']) // → Int32Array [0, -1, 1]
 */
export function matchSequences(a: readonly string[], b: readonly string[], maxEdits = defaultMaxEdits): Int32Array {
  const matches = new Int32Array(a.length).fill(-1);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) {
    matches[start] = start;
    start++;
  }
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
    matches[endA] = endB;
  }
  if (endA > start && endB > start) {
    // Compare small integers rather than strings in the inner loop.
    const codes = new Map<string, number>();
    const code = (value: string) => {
      let found = codes.get(value);
      if (found === undefined) codes.set(value, (found = codes.size));
      return found;
    };
    const left = Int32Array.from(a.slice(start, endA), code);
    const right = Int32Array.from(b.slice(start, endB), code);
    for (const [x, y] of myersSnakes(left, right, maxEdits)) matches[start + x] = start + y;
  }
  return matches;
}

/** The matched pairs (index in a, index in b) of a shortest edit script, or none past `maxEdits`. */
function myersSnakes(a: Int32Array, b: Int32Array, maxEdits: number): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] holds v[k] for k in [-d, d] as it was before step d.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, n, m);
    }
  }
  return [];
}

function backtrack(trace: readonly Int32Array[], last: number, n: number, m: number): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  let x = n;
  let y = m;
  for (let d = last; d > 0; d--) {
    const before = trace[d]!;
    const at = (k: number) => before[k + d]!;
    const k = x - y;
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    const startX = previousK === k + 1 ? previousX : previousX + 1;
    const startY = startX - k;
    while (x > startX && y > startY) pairs.push([--x, --y]);
    x = previousX;
    y = previousY;
  }
  while (x > 0 && y > 0) pairs.push([--x, --y]);
  return pairs.reverse();
}
