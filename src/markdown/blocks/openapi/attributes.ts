import type { AttributeSchema } from '../../attributes/attribute-schema.ts';
import { booleanRule, listRule, stringRule } from '../../attributes/attribute-rules.ts';
import type { OpenapiFields, OpenapiOperationFields, OpenapiSchemasFields, OpenapiWebhookFields, SwaggerFields, SwaggerParameter, SwaggerResponseFields } from './types.ts';

export const openapiAttributes: AttributeSchema<OpenapiFields> = [stringRule('src'), stringRule('path'), stringRule('method')];

export const openapiOperationAttributes: AttributeSchema<OpenapiOperationFields> = [stringRule('spec'), stringRule('path'), stringRule('method')];

export const openapiSchemasAttributes: AttributeSchema<OpenapiSchemasFields> = [stringRule('spec'), listRule('schemas'), booleanRule('grouped')];

export const openapiWebhookAttributes: AttributeSchema<OpenapiWebhookFields> = [stringRule('spec'), stringRule('name'), stringRule('method')];

/** In the order of the corpus `api-blocks.md`. */
export const swaggerAttributes: AttributeSchema<SwaggerFields> = [stringRule('baseUrl'), stringRule('path'), stringRule('method'), stringRule('summary')];

export const swaggerDescriptionAttributes: AttributeSchema<object> = [];

type SwaggerParameterNodeFields = Pick<SwaggerParameter, 'in' | 'name' | 'parameterType' | 'required'>;

export const swaggerParameterAttributes: AttributeSchema<SwaggerParameterNodeFields> = [
  stringRule('in'),
  stringRule('name'),
  stringRule('parameterType', 'type'),
  booleanRule('required'),
];

export const swaggerResponseAttributes: AttributeSchema<SwaggerResponseFields> = [stringRule('status'), stringRule('description')];
