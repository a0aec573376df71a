import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { QuireError } from '../../errors/index.ts';

/*
 * Checks of what an administrator types into a SAML provider. What an identity provider's console shows is
 * accepted as it is: the certificate as PEM (with its BEGIN/END CERTIFICATE lines) or as the bare base64 body
 * (what Okta and Entra ID show in a text box), line breaks and spaces anywhere; it is stored as PEM.
 */

const pemCertificate = /^-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----$/;

/**
 * The certificate as PEM, after checking that it parses as one X.509 certificate (node:crypto) that has not
 * expired at `now`. `INVALID_ARGUMENT` naming `certificate` otherwise, saying why.
 *
 * @example
 * checkSamlCertificate('MIIC...', new Date()) // → '-----BEGIN CERTIFICATE-----\nMIIC...\n-----END CERTIFICATE-----\n'
 */
export function checkSamlCertificate(text: string, now: Date): string {
  const trimmed = text.trim();
  const body = pemCertificate.exec(trimmed)?.[1] ?? trimmed;
  const base64 = body.replace(/\s+/g, '');
  if (base64 === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
    throw invalidCertificate('it must be one PEM certificate (-----BEGIN CERTIFICATE----- ...) or its base64 body');
  }
  const pem = `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch (error) {
    throw invalidCertificate(`it does not parse as an X.509 certificate (${error instanceof Error ? error.message : String(error)})`);
  }
  // `validTo` is OpenSSL's text ("Dec 26 19:30:00 2026 GMT"), which Date parses.
  const validTo = new Date(certificate.validTo);
  if (Number.isNaN(validTo.getTime()) || validTo.getTime() <= now.getTime()) {
    throw invalidCertificate(`it expired on ${certificate.validTo}`);
  }
  return pem;
}

function invalidCertificate(reason: string): QuireError {
  return new QuireError('INVALID_ARGUMENT', `certificate: ${reason}`, { field: 'certificate' });
}

/**
 * A URL an identity provider is reached at: `https:`, or `http:` on a loopback address (`localhost`,
 * 127.0.0.0/8, `::1`) for an identity provider running on the same machine. `INVALID_ARGUMENT` naming `field`.
 *
 * @example
 * checkSamlUrl('ssoURL', 'https://idp.example.com/sso') // → 'https://idp.example.com/sso'
 */
export function checkSamlUrl(field: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new QuireError('INVALID_ARGUMENT', `${field} must be an absolute URL, not ${JSON.stringify(value)}`, { field });
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))) return value;
  throw new QuireError('INVALID_ARGUMENT', `${field} must be an https URL (or http on a loopback address), not ${JSON.stringify(value)}`, { field });
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return isIP(host) === 6 && host === '::1';
}
