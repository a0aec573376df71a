import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { stringRule } from '../../attributes/attribute-rules.ts';
import type { ButtonFields } from './types.ts';

/** `class="button"` marks the link as a button; a second class is its kind. */
export const buttonClass = /^button(?: (\S+))?$/;

export const buttonAttributes: AttributeSchema<ButtonFields> = [
  stringRule('url', 'href'),
  {
    attribute: 'class',
    read(value) {
      const match = value === null ? null : buttonClass.exec(value);
      if (!match) return undefined;
      return match[1] === undefined ? {} : { kind: match[1] };
    },
    write: (fields) => (fields.kind === undefined ? 'button' : `button ${fields.kind}`),
  },
  stringRule('icon', 'data-icon'),
];
