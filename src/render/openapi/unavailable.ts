import type { Element } from 'hast';
import { element, text } from '../body/hast-builder.ts';

/**
 * What a block or page shows instead of a reference it cannot render: a note naming the specification (or URL)
 * and the reason, e.g. `The OpenAPI specification petstore could not be shown: not found.`
 */
export function unavailable(what: string, reason: string): Element {
  return element('div', { className: ['openapi-unavailable', 'hint'], dataStyle: 'warning', role: 'note' }, [
    element('span', { className: ['hint-icon'], ariaHidden: 'true' }),
    element('div', { className: ['hint-body'] }, [element('p', {}, [text(`The OpenAPI specification ${what} could not be shown: ${reason}.`)])]),
  ]);
}
