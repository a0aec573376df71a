import type { Element } from 'hast';
import type { InlineMath, Math } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element, text } from '../body/hast-builder.ts';
import { texToText } from './tex-text.ts';

/** `$$ … $$` on its own lines → a display formula, as readable text; the TeX source is its title. */
export function math(_state: State, node: Math): Element {
  return mathElement(node.value);
}

/** The display formula of the TeX source `value`. */
export function mathElement(value: string): Element {
  return element('div', { className: ['math-display'] }, [element('code', { className: ['math'], title: value }, [text(texToText(value))])]);
}

/** `$$…$$` inside text → an inline formula. */
export function inlineMath(_state: State, node: InlineMath): Element {
  return element('code', { className: ['math', 'math-inline'], title: node.value }, [text(texToText(node.value))]);
}
