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

/** How items pair, whatever they are (syntax tree nodes, the fast body path's flow items). */
export interface MarkerPairing<T> {
  mark(item: T): SiblingMarker;
  /** Builds the item for a pair; `undefined` leaves the markers and the content as they were. */
  wrap(open: T, children: T[], close: T): T | undefined;
}

/**
 * Pairs the markers of `items`: a closing marker closes the nearest open marker with its key (open markers above it
 * stay unpaired), and the pair becomes what `wrap` builds of the opener, what lies between and the closer.
 *
 * @example
 * pairMarkers(['(', 'x', ')'], { mark: (s) => (s === '(' ? { kind: 'open', key: 'p' } : s === ')' ? { kind: 'close', key: 'p' } : undefined), wrap: (_o, c) => `[${c.join('')}]` }) // → ['[x]']
 */
export function pairMarkers<T>(items: readonly T[], pairing: MarkerPairing<T>): T[] {
  const result: T[] = [];
  const stack: Array<{ key: string; index: number }> = [];
  for (const item of items) {
    const marker = pairing.mark(item);
    if (marker?.kind === 'close') {
      let depth = stack.length - 1;
      while (depth >= 0 && stack[depth]!.key !== marker.key) depth--;
      if (depth >= 0) {
        const { index } = stack[depth]!;
        stack.length = depth;
        const open = result[index]!;
        const children = result.splice(index + 1);
        const wrapped = pairing.wrap(open, children, item);
        if (wrapped !== undefined) {
          result[index] = wrapped;
          continue;
        }
        result.push(...children);
      }
    } else if (marker?.kind === 'open') {
      stack.push({ key: marker.key, index: result.length });
    }
    result.push(item);
  }
  return result;
}

/** `pairMarkers` on syntax tree nodes: a pair spans its markers' positions. */
export function pairSiblings<T extends Node>(nodes: readonly T[], pairing: SiblingPairing<T>): T[] {
  return pairMarkers(nodes, {
    mark: (node) => pairing.mark(node),
    wrap: (open, children, close) => {
      const wrapped = pairing.wrap(open, children, close);
      return wrapped === undefined ? undefined : withSpan(wrapped, open, close);
    },
  });
}

function withSpan<T extends Node>(node: T, first: Node, last: Node): T {
  const position: Position | undefined = first.position && last.position ? { start: first.position.start, end: last.position.end } : undefined;
  return position ? { ...node, position } : node;
}
