import { readAttributes } from '../../attributes/attribute-schema.ts';
import { withAttributes } from '../../attributes/with-attributes.ts';
import { attributeValue } from '../../html/attribute-value.ts';
import { htmlValue } from '../../html/html-value.ts';
import { inlineElementPairing } from '../../html/inline-element-pairing.ts';
import { iconAttributes, iconClass } from './attributes.ts';
import type { Icon } from './types.ts';

export const iconPairing = inlineElementPairing({
  name: 'i',
  accepts: (tag) => iconClass.test(attributeValue(tag.attributes, 'class') ?? ''),
  build(tag, children) {
    const { fields, attributes } = readAttributes(iconAttributes, tag.attributes, htmlValue);
    return withAttributes<Icon>({ type: 'icon', ...fields, children }, attributes);
  },
});
