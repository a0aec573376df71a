import { withAttributes } from '../../attributes/with-attributes.ts';
import { attributeTagReader } from '../../liquid/attribute-tag-reader.ts';
import { codeOptionsAttributes } from './attributes.ts';
import type { CodeOptions } from './types.ts';

export const codeOptionsReader = attributeTagReader({
  name: 'code',
  end: 'required',
  schema: codeOptionsAttributes,
  build(fields, attributes, children) {
    // Options apply to exactly one fenced block; anything else is kept as written.
    const [code, ...rest] = children ?? [];
    if (code?.type !== 'code' || rest.length > 0) return undefined;
    return withAttributes<CodeOptions>({ type: 'codeOptions', ...fields, children: [code] }, attributes);
  },
});
