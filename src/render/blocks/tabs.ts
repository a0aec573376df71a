import type { Element, ElementContent } from 'hast';
import type { Tab, Tabs } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element, text } from '../body/hast-builder.ts';
import { iconSlot } from '../icons/icon-slot.ts';

/**
 * `{% tabs %}` → a tab bar (each tab's icon before its title) and one panel per tab; the first is shown, the
 * script switches them. Without the script every panel's title stays readable on the buttons and the first panel
 * is shown.
 */
export function tabs(state: State, node: Tabs): Element {
  const list = node.children.filter((child): child is Tab => child.type === 'tab');
  return tabsElement(list.map((tab) => ({ title: tab.title, icon: tab.icon, children: state.all(tab) })));
}

/** The tab bar and panels of tabs whose content is rendered. */
export function tabsElement(list: ReadonlyArray<{ title?: string | undefined; icon?: string | undefined; children: ElementContent[] }>): Element {
  return element('div', { className: ['tabs'] }, [
    element(
      'div',
      { className: ['tabs-bar'], role: 'tablist' },
      list.map((tab, index) =>
        element('button', { type: 'button', role: 'tab', className: ['tab'], ariaSelected: index === 0 ? 'true' : 'false', dataTab: String(index) }, [
          ...(tab.icon?.trim() ? [iconSlot(tab.icon)] : []),
          text(tab.title || `Tab ${index + 1}`),
        ]),
      ),
    ),
    ...list.map((tab, index) => element('div', { className: ['tab-panel'], role: 'tabpanel', dataTab: String(index), hidden: index === 0 ? undefined : true }, tab.children)),
  ]);
}

/** A `tab` outside `tabs` (kept by the parser as written): its content, titled. */
export function strayTab(state: State, node: Tab): Element {
  return element('div', { className: ['tab-panel', 'tab-panel-alone'] }, [
    ...(node.title ? [element('p', { className: ['tab-title'] }, [text(node.title)])] : []),
    ...state.all(node),
  ]);
}
