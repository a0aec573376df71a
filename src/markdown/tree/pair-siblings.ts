// Pairing opening and closing markers among siblings, the way `{% hint %}` pairs with `{% endhint %}`
// and `<mark>` with `</mark>`: a closing marker closes the nearest open marker with its key; open
// markers above it stay unpaired. Markers are only paired among siblings, so markup that crosses
// a container boundary is left as it was written.
import type { Node, Position } from 'unist';

export type SiblingMarker = { kind: 'open' | 'close'; key: string } | undefined;

export interface SiblingPairing<T extends Node> {
  mark(node: T): SiblingMarker;
  /** Builds the node for a pair; `undefined` leaves the markers and the content as they were. */
  wrap(open: T, children: T[], close: T): T | undefined;
}

export function pairSiblings<T extends Node>(nodes: readonly T[], pairing: SiblingPairing<T>): T[] {
  const result: T[] = [];
  const stack: Array<{ key: string; index: number }> = [];
  for (const node of nodes) {
    const marker = pairing.mark(node);
    if (marker?.kind === 'close') {
      let depth = stack.length - 1;
      while (depth >= 0 && stack[depth]!.key !== marker.key) depth--;
      if (depth >= 0) {
        const { index } = stack[depth]!;
        stack.length = depth;
        const open = result[index]!;
        const children = result.splice(index + 1);
        const wrapped = pairing.wrap(open, children, node);
        if (wrapped) {
          result[index] = withSpan(wrapped, open, node);
          continue;
        }
        result.push(...children);
      }
    } else if (marker?.kind === 'open') {
      stack.push({ key: marker.key, index: result.length });
    }
    result.push(node);
  }
  return result;
}

function withSpan<T extends Node>(node: T, first: Node, last: Node): T {
  const position: Position | undefined = first.position && last.position ? { start: first.position.start, end: last.position.end } : undefined;
  return position ? { ...node, position } : node;
}
