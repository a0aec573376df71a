import type { Element, ElementContent, Root } from 'hast';

/** What a visitor wants done with the element it was shown. */
export type WalkAction = 'continue' | 'skip' | 'remove' | 'unwrap';

/**
 * Shows every element under `root` to `visit`, in document order, without recursion (a page can nest thousands
 * deep before its tags are capped, and the walks here must not be what overflows). The answer of `visit` decides
 * what happens next: `continue` descends into the element, `skip` does not, `remove` drops it with its content,
 * `unwrap` replaces it by its children, which are then visited in turn.
 *
 * @example
 * ```ts
 * walkElements(tree, (element) => (element.tagName === 'script' ? 'remove' : 'continue'));
 * ```
 */
export function walkElements(root: Root | Element, visit: (element: Element, parent: Root | Element) => WalkAction | void): void {
  // Each frame rebuilds its parent's children in `kept`; an unwrapped element's children are read next, from
  // `sources`, so unwrapping stays linear however many children there are.
  type Frame = { parent: Root | Element; sources: Array<{ list: ElementContent[]; next: number }>; kept: ElementContent[] };
  const frames: Frame[] = [{ parent: root, sources: [{ list: root.children as ElementContent[], next: 0 }], kept: [] }];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    const source = frame.sources[frame.sources.length - 1];
    if (source === undefined) {
      frame.parent.children = frame.kept as typeof frame.parent.children;
      frames.pop();
      continue;
    }
    if (source.next >= source.list.length) {
      frame.sources.pop();
      continue;
    }
    const child = source.list[source.next++]!;
    if (child.type !== 'element') {
      frame.kept.push(child);
      continue;
    }
    const action = visit(child, frame.parent) ?? 'continue';
    if (action === 'unwrap') {
      frame.sources.push({ list: child.children, next: 0 });
    } else if (action !== 'remove') {
      frame.kept.push(child);
      if (action === 'continue') frames.push({ parent: child, sources: [{ list: child.children, next: 0 }], kept: [] });
    }
  }
}

/**
 * The elements under `root` that `test` accepts, in document order, without recursion; the content of an accepted
 * element is not searched.
 *
 * @example
 * ```ts
 * const [title] = findElements(tree, (element) => element.tagName === 'title');
 * ```
 */
export function findElements(root: Root | Element, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  walkElements(root, (element) => {
    if (!test(element)) return 'continue';
    found.push(element);
    return 'skip';
  });
  return found;
}

/** The class names of an element. */
export function classNames(element: Element): string[] {
  const value = element.properties['className'];
  return Array.isArray(value) ? value.map(String) : [];
}

/** A string property of an element (`href`, `src`, `id`, `dataLang`...), trimmed, or undefined when absent or empty. */
export function stringProperty(element: Element, name: string): string | undefined {
  const value = element.properties[name];
  const text = Array.isArray(value) ? value.join(' ') : typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  const trimmed = text?.trim();
  return trimmed === '' ? undefined : trimmed;
}
