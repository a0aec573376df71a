/** Internal: OpenAPI specifications of an organization (published tag `openapi`). */
import type { OpenAPISpecContent } from '@gitbook/api';
import { ApiRequestError } from './api-errors.ts';
import type { Transport } from './transport.ts';

/**
 * getLatestOpenAPISpecVersionContent: `GET /v1/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content`;
 * undefined when the organization has no such specification, or it has no version yet (404).
 */
export async function getLatestOpenApiSpecContent(transport: Transport, organizationId: string, specSlug: string): Promise<OpenAPISpecContent | undefined> {
  try {
    return await transport.json<OpenAPISpecContent>({
      method: 'GET',
      route: '/v1/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content',
      params: { organizationId, specSlug },
    });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return undefined;
    throw error;
  }
}
