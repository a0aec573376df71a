import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The header that signs what the service sends an integration outside its runtime (events delivered to a
 * development tunnel): the hex HMAC-SHA256 of the request body, keyed with the integration's signing secret
 * (`environment.signingSecrets.integration`). It is the published runtime's header and scheme, so an integration
 * checks it with `@gitbook/runtime`'s `verifyIntegrationSignature` unchanged.
 */
export const integrationSignatureHeader = 'x-gitbook-integration-signature';

/**
 * @example
 * signIntegrationBody('secret', '{"a":1}') // → '5a2f…' (64 hex digits)
 */
export function signIntegrationBody(secret: string, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * True when `signature` is the signature of `body` under `secret` (compared in constant time).
 *
 * @example
 * verifyIntegrationBody('secret', body, request.headers.get(integrationSignatureHeader) ?? '')
 */
export function verifyIntegrationBody(secret: string, body: string | Uint8Array, signature: string): boolean {
  const expected = Buffer.from(signIntegrationBody(secret, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
