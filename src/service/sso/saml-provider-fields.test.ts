import { beforeAll, describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import { makeTestKeyPair, type TestKeyPair } from '../../../test/support/saml-test-idp.ts';
import { checkSamlCertificate, checkSamlUrl } from './saml-provider-fields.ts';

function fieldOf(run: () => unknown): { field: unknown; message: string } {
  try {
    run();
  } catch (error) {
    if (isQuireError(error, 'INVALID_ARGUMENT')) return { field: error.data.field, message: error.message };
    throw error;
  }
  throw new Error('expected INVALID_ARGUMENT');
}

describe('checkSamlCertificate', () => {
  let pair: TestKeyPair;
  beforeAll(() => {
    pair = makeTestKeyPair('Fields test', 2);
  });

  it('accepts PEM, or its bare base64 body with any line breaks, and gives PEM back', () => {
    const now = new Date();
    const body = pair.certificate.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
    const fromPem = checkSamlCertificate(pair.certificate, now);
    expect(fromPem).toMatch(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+\n-----END CERTIFICATE-----\n$/);
    expect(checkSamlCertificate(body, now)).toBe(fromPem);
    expect(checkSamlCertificate(`  ${body.slice(0, 50)}\r\n${body.slice(50)}  `, now)).toBe(fromPem);
  });

  it('refuses an expired certificate, one that does not parse and text that is not base64, naming certificate', () => {
    const inThreeDays = new Date(Date.now() + 3 * 24 * 3600_000);
    expect(fieldOf(() => checkSamlCertificate(pair.certificate, inThreeDays))).toMatchObject({ field: 'certificate', message: expect.stringContaining('expired') });
    expect(fieldOf(() => checkSamlCertificate('QUFBQQ==', new Date()))).toMatchObject({ field: 'certificate', message: expect.stringContaining('X.509') });
    expect(fieldOf(() => checkSamlCertificate('not a certificate!', new Date()))).toMatchObject({ field: 'certificate' });
    expect(fieldOf(() => checkSamlCertificate('', new Date()))).toMatchObject({ field: 'certificate' });
  });
});

describe('checkSamlUrl', () => {
  it('takes https anywhere and http on loopback only', () => {
    for (const url of ['https://idp.example.com/sso', 'http://localhost:8080/sso', 'http://127.0.0.1/sso', 'http://127.1.2.3/sso', 'http://[::1]:9000/sso']) {
      expect(checkSamlUrl('ssoURL', url)).toBe(url);
    }
    for (const url of ['http://idp.example.com/sso', 'http://10.0.0.1/sso', 'http://localhost.evil.com/', 'javascript:alert(1)', 'ftp://idp.example.com/', 'idp.example.com/sso']) {
      expect(fieldOf(() => checkSamlUrl('ssoURL', url)).field, url).toBe('ssoURL');
    }
  });
});
