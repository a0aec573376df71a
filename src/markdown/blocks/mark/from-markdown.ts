import { readAttributes } from '../../attributes/attribute-schema.ts';
import { htmlValue } from '../../html/html-value.ts';
import { inlineElementPairing } from '../../html/inline-element-pairing.ts';
import { withAttributes } from '../../attributes/with-attributes.ts';
import { markAttributes } from './attributes.ts';
import type { Mark } from './types.ts';

export const markPairing = inlineElementPairing({
  name: 'mark',
  accepts: () => true,
  build(tag, children) {
    const { fields, attributes } = readAttributes(markAttributes, tag.attributes, htmlValue);
    return withAttributes<Mark>({ type: 'mark', ...fields, children }, attributes);
  },
});
