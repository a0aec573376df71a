import { readAttributes } from '../../attributes/attribute-schema.ts';
import { withAttributes } from '../../attributes/with-attributes.ts';
import { attributeValue } from '../../html/attribute-value.ts';
import { htmlValue } from '../../html/html-value.ts';
import { inlineElementPairing } from '../../html/inline-element-pairing.ts';
import { buttonAttributes, buttonClass } from './attributes.ts';
import type { Button } from './types.ts';

export const buttonPairing = inlineElementPairing({
  name: 'a',
  // Only links with the button class; other links stay raw HTML.
  accepts: (tag) => buttonClass.test(attributeValue(tag.attributes, 'class') ?? ''),
  build(tag, children) {
    const { fields, attributes } = readAttributes(buttonAttributes, tag.attributes, htmlValue);
    return withAttributes<Button>({ type: 'button', ...fields, children }, attributes);
  },
});
