// The OpenAPI family. `{% openapi src %}` is the model's `swagger` block (an operation of a spec given by file or
// URL); `openapi-operation`, `openapi-schemas` and `openapi-webhook` point into a spec added to the
// organization. What GitBook writes inside these tags (a link to the spec) is derived from them and not kept.
// The legacy hand-written `{% swagger %}` blocks have no spec to point at: they become an expandable titled
// with the method and path, holding the description, the parameters and the responses.
import type { DocumentBlock, DocumentMarkBold, DocumentMarkCode } from '@gitbook/api';
import type { Openapi, OpenapiOperation, OpenapiSchemas, OpenapiWebhook, Swagger } from '../../markdown/index.ts';
import type { ConversionState } from './conversion-state.ts';
import { paragraph, textNode, textParagraph } from './document-nodes.ts';
import { expandableBlock } from './expandable-block.ts';
import { listBlock } from './list-block.ts';

const bold: DocumentMarkBold = { object: 'mark', type: 'bold' };
const code: DocumentMarkCode = { object: 'mark', type: 'code' };

type OpenapiNode = Openapi | OpenapiOperation | OpenapiSchemas | OpenapiWebhook;

/**
 * The block of an OpenAPI node; when a required attribute is missing, a paragraph naming what it pointed at.
 *
 * @example
 * openapiBlocks({ type: 'openapiOperation', spec: 'petstore', path: '/pet', method: 'post', children: [] }, state)
 * // → [{ type: 'openapi-operation', data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pet', method: 'post' } }]
 */
export function openapiBlocks(node: OpenapiNode, state: ConversionState): DocumentBlock[] {
  const method = 'method' in node ? (node.method ?? '') : '';
  const label = (what: string) => [method.toUpperCase(), what].filter((part) => part !== '').join(' ');
  let block: DocumentBlock | undefined;
  let text: string;
  switch (node.type) {
    case 'openapi':
      text = label(node.path ?? node.src ?? '');
      if (node.src && node.path && method) block = { object: 'block', type: 'swagger', isVoid: true, data: { ref: state.refs.file(node.src), path: node.path, method } };
      break;
    case 'openapiOperation':
      text = label(node.path ?? '');
      if (node.spec && node.path && method) block = { object: 'block', type: 'openapi-operation', isVoid: true, data: { ref: { kind: 'openapi', spec: node.spec }, path: node.path, method } };
      break;
    case 'openapiWebhook':
      text = label(node.name ?? '');
      if (node.spec && node.name && method) block = { object: 'block', type: 'openapi-webhook', isVoid: true, data: { ref: { kind: 'openapi', spec: node.spec }, name: node.name, method } };
      break;
    case 'openapiSchemas':
      text = (node.schemas ?? []).join(', ');
      if (node.spec && node.schemas && node.schemas.length > 0) {
        block = {
          object: 'block',
          type: 'openapi-schemas',
          isVoid: true,
          data: { ref: { kind: 'openapi', spec: node.spec }, schemas: node.schemas, ...(node.grouped === undefined ? {} : { grouped: node.grouped }) },
        };
      }
      break;
  }
  if (block === undefined) return [textParagraph(text), ...state.blocks(node.children, 'document')];
  state.labels.set(block, text);
  return [block];
}

/**
 * A legacy `{% swagger %}` block as an expandable: `GET https://host/path Summary` as the title; the
 * description, a list of the parameters and each response in the body.
 */
export function swaggerBlock(node: Swagger, state: ConversionState): DocumentBlock {
  const title = [
    textNode((node.method ?? '').toUpperCase(), [bold]),
    textNode(' '),
    textNode(`${node.baseUrl ?? ''}${node.path ?? ''}`, [code]),
    ...(node.summary ? [textNode(` ${node.summary}`)] : []),
  ];
  const body: DocumentBlock[] = [];
  const parameters: { blocks: DocumentBlock[] }[] = [];
  for (const part of node.children) {
    if (part.type === 'swaggerDescription') body.push(...state.blocks(part.children, 'expandable-body'));
    else if (part.type === 'swaggerParameter') {
      const details = [part.in, part.parameterType].filter((value) => value !== undefined && value !== '').join(', ');
      const line = paragraph([
        textNode(part.name ?? '', [code]),
        textNode(details === '' ? '' : ` (${details})`),
        ...(part.required ? [textNode(' required', [bold])] : []),
      ]);
      parameters.push({ blocks: [line, ...state.blocks(part.children, 'list-item')] });
    } else {
      if (parameters.length > 0) body.push(...parameterList(parameters.splice(0), state));
      const status = paragraph([textNode(part.status ?? '', [bold]), ...(part.description ? [textNode(`: ${part.description}`)] : [])]);
      body.push(status, ...state.blocks(part.children, 'expandable-body'));
    }
  }
  if (parameters.length > 0) body.push(...parameterList(parameters, state));
  return expandableBlock(title, body, false, state.labels);
}

function parameterList(parameters: { blocks: DocumentBlock[] }[], state: ConversionState): DocumentBlock[] {
  return [textParagraph('Parameters', [bold]), listBlock({ ordered: false }, parameters, state.labels)];
}
