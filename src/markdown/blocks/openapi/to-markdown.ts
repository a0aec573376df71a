import type { Parents } from 'mdast';
import type { Info, Options, State } from 'mdast-util-to-markdown';
import type { Attribute } from '../../attributes/attribute.ts';
import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { writeLiquidPair, writeOpenTag } from '../../liquid/write-liquid.ts';
import { writeEndTag } from '../../liquid/write-tag.ts';
import {
  openapiAttributes,
  openapiOperationAttributes,
  openapiSchemasAttributes,
  openapiWebhookAttributes,
  swaggerAttributes,
  swaggerDescriptionAttributes,
  swaggerParameterAttributes,
  swaggerResponseAttributes,
} from './attributes.ts';

type Block<F> = Parents & Partial<F> & { attributes?: Attribute[] | undefined; children: unknown[] };

/** A tag pair; blocks whose end tag is optional are void when empty. */
function pair<F>(name: string, schema: AttributeSchema<F>, voidWhenEmpty: boolean) {
  return (node: Block<F>, _parent: Parents | undefined, state: State, info: Info): string => {
    const open = writeOpenTag(name, schema, node);
    if (voidWhenEmpty && node.children.length === 0) return open;
    return writeLiquidPair(open, writeEndTag(name), node as Parameters<typeof writeLiquidPair>[2], state, info);
  };
}

export const openapiToMarkdown: Options = {
  handlers: {
    openapi: pair('openapi', openapiAttributes, true),
    openapiOperation: pair('openapi-operation', openapiOperationAttributes, true),
    openapiSchemas: pair('openapi-schemas', openapiSchemasAttributes, true),
    openapiWebhook: pair('openapi-webhook', openapiWebhookAttributes, true),
    swagger: pair('swagger', swaggerAttributes, false),
    swaggerDescription: pair('swagger-description', swaggerDescriptionAttributes, false),
    swaggerParameter: pair('swagger-parameter', swaggerParameterAttributes, false),
    swaggerResponse: pair('swagger-response', swaggerResponseAttributes, false),
  },
};
