// The common shape of a block family's reader: a tag whose arguments are attributes of a schema.
import type { RootContent } from 'mdast';
import type { Attribute } from '../attributes/attribute.ts';
import { readAttributes, type AttributeSchema } from '../attributes/attribute-schema.ts';
import { liquidValue } from './liquid-value.ts';
import type { LiquidTagReader, TagEnd } from './tag-reader.ts';

export interface AttributeTagOptions<F> {
  name: string;
  end: TagEnd;
  parent?: string;
  schema: AttributeSchema<F>;
  /**
   * Builds the node from the fields; `attributes` is set only when the tag's attributes differ from
   * the canonical writing of the fields. Returns `undefined` when the content does not fit.
   */
  build(fields: Partial<F>, attributes: Attribute[] | undefined, children: RootContent[] | undefined): RootContent | undefined;
}

export function attributeTagReader<F>(options: AttributeTagOptions<F>): LiquidTagReader {
  return {
    name: options.name,
    end: options.end,
    ...(options.parent === undefined ? {} : { parent: options.parent }),
    read(tag, children) {
      if (!tag.attributes) return undefined;
      const { fields, attributes } = readAttributes(options.schema, tag.attributes, liquidValue);
      return options.build(fields, attributes, children);
    },
  };
}
