import type { Element, ElementContent } from 'hast';
import type { Embed } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element, text } from '../body/hast-builder.ts';
import { isExternalUrl } from '../safe-url.ts';

/**
 * `{% embed url="..." %}` → a link card to the URL (the export runs no third-party frames), with its caption.
 */
export function embed(state: State, node: Embed): Element {
  return embedElement(node.url?.trim() ?? '', state.all(node));
}

/** The link card of an embed of `url` (trimmed), with its rendered caption. */
export function embedElement(url: string, caption: ElementContent[]): Element {
  const safe = isExternalUrl(url);
  const host = safe ? hostOf(url) : undefined;
  return element('div', { className: ['embed'] }, [
    element('a', { className: ['embed-link'], href: safe ? url : undefined }, [
      element('span', { className: ['embed-icon'], ariaHidden: 'true' }),
      element('span', { className: ['embed-text'] }, [
        element('span', { className: ['embed-host'] }, [text(host ?? 'Embedded content')]),
        element('span', { className: ['embed-url'] }, [text(url)]),
      ]),
    ]),
    ...(caption.length ? [element('div', { className: ['embed-caption'] }, caption)] : []),
  ]);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url.startsWith('//') ? `https:${url}` : url).host.replace(/^www\./, '') || undefined;
  } catch {
    return undefined;
  }
}
