import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import type { MarkFields } from './types.ts';

/**
 * `style` holds both colours, as GitBook writes them: `color:X;background-color:Y;`, each
 * declaration ending with `;`. Other declarations are kept as written (attributes).
 */
export const markAttributes: AttributeSchema<MarkFields> = [
  {
    attribute: 'style',
    read(value) {
      if (value === null) return undefined;
      const fields: MarkFields = {};
      for (const declaration of value.split(';')) {
        const colon = declaration.indexOf(':');
        const property = declaration.slice(0, colon).trim();
        const propertyValue = declaration.slice(colon + 1).trim();
        if (property === 'color') fields.color = propertyValue;
        else if (property === 'background-color') fields.backgroundColor = propertyValue;
      }
      return fields;
    },
    write(fields) {
      const style = (fields.color === undefined ? '' : `color:${fields.color};`) + (fields.backgroundColor === undefined ? '' : `background-color:${fields.backgroundColor};`);
      return style === '' ? undefined : style;
    },
  },
];
