import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIntegrationBody, verifyIntegrationBody } from './integration-signature.ts';

describe('integration signatures', () => {
  it('is the hex HMAC-SHA256 of the body, as the published runtime verifies it', () => {
    const body = 'event=%7B%7D';
    expect(signIntegrationBody('s3cret', body)).toBe(createHmac('sha256', 's3cret').update(body).digest('hex'));
    expect(signIntegrationBody('s3cret', body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies its own signature and refuses another body, another secret or a truncated signature', () => {
    const signature = signIntegrationBody('s3cret', 'body');
    expect(verifyIntegrationBody('s3cret', 'body', signature)).toBe(true);
    expect(verifyIntegrationBody('s3cret', 'body!', signature)).toBe(false);
    expect(verifyIntegrationBody('other', 'body', signature)).toBe(false);
    expect(verifyIntegrationBody('s3cret', 'body', signature.slice(0, 63))).toBe(false);
    expect(verifyIntegrationBody('s3cret', 'body', '')).toBe(false);
  });
});
