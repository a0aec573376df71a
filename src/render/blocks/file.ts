import type { Element, ElementContent } from 'hast';
import type { File } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { baseOf, type BodyContext } from '../body/body-context.ts';
import { element, text } from '../body/hast-builder.ts';
import { findTarget } from '../body/resolve-links.ts';

/** `{% file src="..." %}` → a download link with the file's name and size, and its caption. */
export function createFileHandler(context: BodyContext) {
  return function file(state: State, node: File): Element {
    return fileElement(context, baseOf(context, node), node.src ?? '', state.all(node));
  };
}

/** The download link of a file block of `src`, written in the file `base`, with its rendered caption. */
export function fileElement(context: BodyContext, base: string, src: string, caption: ElementContent[]): Element {
  const target = src === '' ? undefined : findTarget(context.space, base, src);
  const name = target?.kind === 'file' ? target.title : decodeName(src);
  return element('div', { className: ['file-block'] }, [
    element('a', { className: ['file-link'], href: src === '' ? undefined : src, download: target?.kind === 'file' ? name : undefined }, [
      element('span', { className: ['file-icon'], ariaHidden: 'true' }),
      element('span', { className: ['file-text'] }, [
        element('span', { className: ['file-name'] }, [text(name || 'File')]),
        ...(target?.size !== undefined ? [element('span', { className: ['file-size'] }, [text(formatBytes(target.size))])] : []),
      ]),
    ]),
    ...(caption.length ? [element('div', { className: ['file-caption'] }, caption)] : []),
  ]);
}

function decodeName(src: string): string {
  const name = src.split(/[?#]/)[0]!.split('/').pop() ?? '';
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * A size for people: `21 B`, `3.4 KB`, `12 MB`.
 *
 * @example
 * formatBytes(3481) // → '3.4 KB'
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
