import type { Element, ElementContent } from 'hast';
import type { Step, Stepper } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element } from '../body/hast-builder.ts';

/** `{% stepper %}` → a numbered list of steps, drawn as a vertical timeline. */
export function stepper(state: State, node: Stepper): Element {
  return stepperElement(node.children.map((child) => step(state, child)));
}

/** The timeline of rendered steps. */
export function stepperElement(steps: Element[]): Element {
  return element('ol', { className: ['stepper'] }, steps);
}

/** One step (also alone, when the parser kept a `step` outside a stepper). */
export function step(state: State, node: Step): Element {
  return stepElement(state.all(node));
}

/** One step around its rendered content. */
export function stepElement(children: ElementContent[]): Element {
  return element('li', { className: ['step'] }, [element('div', { className: ['step-body'] }, children)]);
}
