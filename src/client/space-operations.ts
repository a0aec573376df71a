/** Internal: a space itself (published tag `spaces`). */
import type { Space } from '@gitbook/api';
import type { Transport } from './transport.ts';

/** getSpaceById: `GET /v1/spaces/{spaceId}?shareKey`. */
export function getSpace(transport: Transport, spaceId: string, shareKey: string | undefined): Promise<Space> {
  return transport.json<Space>({ method: 'GET', route: '/v1/spaces/{spaceId}', params: { spaceId }, query: { shareKey } });
}
