// The OpenAPI family: operations, schemas and webhooks from an OpenAPI document, and the legacy
// hand-written `swagger` blocks with their description, parameter and response parts (the corpus
// `api-blocks.md`).
import type { Parent } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';
import type { FlowContent } from '../../liquid/types.ts';

export interface OpenapiFields {
  /** URL or path of the OpenAPI document. */
  src?: string;
  path?: string;
  method?: string;
}

/** `{% openapi src="..." path="..." method="..." %}`: an operation of a document given by URL. */
export interface Openapi extends Parent, OpenapiFields {
  type: 'openapi';
  attributes?: Attribute[];
  /** What GitBook writes inside: a link to the document. Without children there is no end tag. */
  children: FlowContent[];
}

export interface OpenapiOperationFields {
  /** Name of an OpenAPI specification added to the organisation. */
  spec?: string;
  path?: string;
  method?: string;
}

/** `{% openapi-operation spec="..." path="..." method="..." %}`. */
export interface OpenapiOperation extends Parent, OpenapiOperationFields {
  type: 'openapiOperation';
  attributes?: Attribute[];
  children: FlowContent[];
}

export interface OpenapiSchemasFields {
  spec?: string;
  /** `schemas="Pet,Order"`. */
  schemas?: string[];
  grouped?: boolean;
}

/** `{% openapi-schemas spec="..." schemas="..." grouped="..." %}`. */
export interface OpenapiSchemas extends Parent, OpenapiSchemasFields {
  type: 'openapiSchemas';
  attributes?: Attribute[];
  children: FlowContent[];
}

export interface OpenapiWebhookFields {
  spec?: string;
  name?: string;
  method?: string;
}

/** `{% openapi-webhook spec="..." name="..." method="..." %}`. */
export interface OpenapiWebhook extends Parent, OpenapiWebhookFields {
  type: 'openapiWebhook';
  attributes?: Attribute[];
  children: FlowContent[];
}

export interface SwaggerFields {
  baseUrl?: string;
  path?: string;
  method?: string;
  summary?: string;
}

/** The parts of a legacy `swagger` block. */
export type SwaggerContent = SwaggerDescription | SwaggerParameter | SwaggerResponse;

/** `{% swagger ... %}` ... `{% endswagger %}`: a hand-written API operation. */
export interface Swagger extends Parent, SwaggerFields {
  type: 'swagger';
  attributes?: Attribute[];
  children: SwaggerContent[];
}

/** `{% swagger-description %}` ... `{% endswagger-description %}`. */
export interface SwaggerDescription extends Parent {
  type: 'swaggerDescription';
  attributes?: Attribute[];
  children: FlowContent[];
}

export interface SwaggerParameterFields {
  /** Where the parameter goes: `path`, `query`, `header`, `body`, ... */
  in?: string;
  name?: string;
  type?: string;
  required?: boolean;
}

/**
 * `{% swagger-parameter in="query" name="..." type="..." %}` ... `{% endswagger-parameter %}`.
 * The parameter's `type` attribute is `parameterType` here, since `type` is the node type.
 */
export interface SwaggerParameter extends Parent, Omit<SwaggerParameterFields, 'type'> {
  type: 'swaggerParameter';
  parameterType?: string;
  attributes?: Attribute[];
  children: FlowContent[];
}

export interface SwaggerResponseFields {
  status?: string;
  description?: string;
}

/** `{% swagger-response status="200" description="..." %}` ... `{% endswagger-response %}`. */
export interface SwaggerResponse extends Parent, SwaggerResponseFields {
  type: 'swaggerResponse';
  attributes?: Attribute[];
  children: FlowContent[];
}

declare module 'mdast' {
  interface BlockContentMap {
    openapi: Openapi;
    openapiOperation: OpenapiOperation;
    openapiSchemas: OpenapiSchemas;
    openapiWebhook: OpenapiWebhook;
    swagger: Swagger;
  }
  interface RootContentMap {
    openapi: Openapi;
    openapiOperation: OpenapiOperation;
    openapiSchemas: OpenapiSchemas;
    openapiWebhook: OpenapiWebhook;
    swagger: Swagger;
    swaggerDescription: SwaggerDescription;
    swaggerParameter: SwaggerParameter;
    swaggerResponse: SwaggerResponse;
  }
}
