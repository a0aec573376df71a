/**
 * A generated OpenAPI 3.1 document of `operations` operations (five methods on each of `operations / 5` paths),
 * each with a path parameter, a query parameter, a JSON request body (writes) and responses that refer to shared
 * component schemas, one of which refers to itself (a cycle), as real specs do. For benchmarks and measurements.
 *
 * @example
 * const spec = generatedSpec(1000); // Object.keys(spec.paths).length === 200
 */
export function generatedSpec(operations: number): Record<string, unknown> {
  const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {
    Node: { type: 'object', properties: { id: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } }, required: ['id'] },
    Error: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } }, required: ['code', 'message'] },
  };
  for (let index = 0; index < operations; index++) {
    const resource = Math.floor(index / methods.length);
    const method = methods[index % methods.length]!;
    const schema = `Resource${resource}`;
    schemas[schema] ??= {
      type: 'object',
      description: `Resource number ${resource}.`,
      properties: { id: { type: 'string' }, title: { type: 'string', maxLength: 100 }, kind: { type: 'string', enum: ['a', 'b', 'c'] }, tree: { $ref: '#/components/schemas/Node' } },
      required: ['id', 'title'],
    };
    const path = `/resources${resource}/{id}`;
    paths[path] ??= {};
    paths[path][method] = {
      operationId: `${method}Resource${resource}`,
      tags: [`tag${resource % 20}`],
      summary: `${method.toUpperCase()} resource ${resource}`,
      description: `Operation **${index}** on resource ${resource}.`,
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'expand', in: 'query', required: false, schema: { type: 'boolean' } },
      ],
      ...(method === 'post' || method === 'put' || method === 'patch' ? { requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } } } : {}),
      responses: {
        '200': { description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } },
        default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
  }
  return { openapi: '3.1.0', info: { title: `Generated API (${operations} operations)`, version: '1.0.0' }, paths, components: { schemas } };
}
