import type { RootContent } from 'mdast';
import { withAttributes } from '../../attributes/with-attributes.ts';
import { attributeTagReader } from '../../liquid/attribute-tag-reader.ts';
import type { FlowContent } from '../../liquid/types.ts';
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
import type { Openapi, OpenapiOperation, OpenapiSchemas, OpenapiWebhook, Swagger, SwaggerContent, SwaggerDescription, SwaggerParameter, SwaggerResponse } from './types.ts';

// The OpenAPI blocks GitBook writes with a link to the document inside and an end tag; hand-written
// ones often have neither, so the end tag is optional.

export const openapiReader = attributeTagReader({
  name: 'openapi',
  end: 'optional',
  schema: openapiAttributes,
  build: (fields, attributes, children) => withAttributes<Openapi>({ type: 'openapi', ...fields, children: flow(children) }, attributes),
});

export const openapiOperationReader = attributeTagReader({
  name: 'openapi-operation',
  end: 'optional',
  schema: openapiOperationAttributes,
  build: (fields, attributes, children) => withAttributes<OpenapiOperation>({ type: 'openapiOperation', ...fields, children: flow(children) }, attributes),
});

export const openapiSchemasReader = attributeTagReader({
  name: 'openapi-schemas',
  end: 'optional',
  schema: openapiSchemasAttributes,
  build: (fields, attributes, children) => withAttributes<OpenapiSchemas>({ type: 'openapiSchemas', ...fields, children: flow(children) }, attributes),
});

export const openapiWebhookReader = attributeTagReader({
  name: 'openapi-webhook',
  end: 'optional',
  schema: openapiWebhookAttributes,
  build: (fields, attributes, children) => withAttributes<OpenapiWebhook>({ type: 'openapiWebhook', ...fields, children: flow(children) }, attributes),
});

const swaggerParts = new Set<string>(['swaggerDescription', 'swaggerParameter', 'swaggerResponse']);

export const swaggerReader = attributeTagReader({
  name: 'swagger',
  end: 'required',
  schema: swaggerAttributes,
  build(fields, attributes, children) {
    if (!children?.every((child) => swaggerParts.has(child.type))) return undefined;
    return withAttributes<Swagger>({ type: 'swagger', ...fields, children: children as SwaggerContent[] }, attributes);
  },
});

export const swaggerDescriptionReader = attributeTagReader({
  name: 'swagger-description',
  end: 'required',
  parent: 'swagger',
  schema: swaggerDescriptionAttributes,
  build: (_fields, attributes, children) => withAttributes<SwaggerDescription>({ type: 'swaggerDescription', children: flow(children) }, attributes),
});

export const swaggerParameterReader = attributeTagReader({
  name: 'swagger-parameter',
  end: 'required',
  parent: 'swagger',
  schema: swaggerParameterAttributes,
  build: (fields, attributes, children) => withAttributes<SwaggerParameter>({ type: 'swaggerParameter', ...fields, children: flow(children) }, attributes),
});

export const swaggerResponseReader = attributeTagReader({
  name: 'swagger-response',
  end: 'required',
  parent: 'swagger',
  schema: swaggerResponseAttributes,
  build: (fields, attributes, children) => withAttributes<SwaggerResponse>({ type: 'swaggerResponse', ...fields, children: flow(children) }, attributes),
});

/** Content between tags is read from flow content, so it is flow content. */
function flow(children: RootContent[] | undefined): FlowContent[] {
  return (children ?? []) as FlowContent[];
}
