// A test SAML identity provider: a key pair and a self-signed certificate made with openssl at test time, and
// responses built as an identity provider would send them (SAML 2.0 Core §2.3.3, §3.2.2), signed with xml-crypto
// (installed with @node-saml/node-saml; the signature is enveloped, exclusive C14N, RSA-SHA256, as Okta and
// Entra ID sign). Tests change one field at a time to make the negative cases.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignedXml } from 'xml-crypto';

/** A private key and its self-signed certificate, both PEM. */
export interface TestKeyPair {
  privateKey: string;
  certificate: string;
}

/**
 * Makes an RSA 2048 key and a self-signed certificate valid from now for `days` days with openssl, since
 * node:crypto parses certificates but cannot issue them (tests of expiry move the service's clock instead).
 *
 * @example
 * const idp = makeTestKeyPair('Test IdP');
 */
export function makeTestKeyPair(commonName: string, days = 30): TestKeyPair {
  const folder = mkdtempSync(join(tmpdir(), 'quire-saml-idp-'));
  try {
    const key = join(folder, 'key.pem');
    const cert = join(folder, 'cert.pem');
    execFileSync('openssl', ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', key], { stdio: 'pipe' });
    execFileSync('openssl', ['req', '-new', '-x509', '-key', key, '-out', cert, '-days', String(days), '-subj', `/CN=${commonName}`], { stdio: 'pipe' });
    return { privateKey: readFileSync(key, 'utf8'), certificate: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** What the identity provider asserts; every field has a good default given by `buildSamlResponse`'s caller. */
export interface TestAssertion {
  /** The IdP's entity ID (the `Issuer`). */
  issuer: string;
  /** The NameID: the user's e-mail address. */
  nameId: string;
  /** The `Audience` (our entity ID). */
  audience: string;
  /** `Destination` of the Response and `Recipient` of the subject confirmation (our ACS URL). */
  destination: string;
  /** The AuthnRequest ID this answers, or undefined for an unsolicited response. */
  inResponseTo: string | undefined;
  /** When the response was made (default now). */
  issuedAt?: Date;
  /** How long the assertion is valid after `issuedAt` (default 5 minutes). */
  validForMs?: number;
  /** The assertion ID (default a fresh one). */
  assertionId?: string;
}

/** How the response is signed: the assertion, the whole response, or not at all; with which key. */
export interface TestSigning {
  key?: TestKeyPair;
  sign: 'assertion' | 'response' | 'none';
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A SAML Response carrying one assertion, base64-encoded as the HTTP-POST binding sends it in `SAMLResponse`.
 *
 * @example
 * const SAMLResponse = buildSamlResponse({ issuer, nameId: 'ada@example.com', ... }, { key: idp, sign: 'assertion' });
 */
export function buildSamlResponse(assertion: TestAssertion, signing: TestSigning): string {
  const issuedAt = assertion.issuedAt ?? new Date();
  const notBefore = new Date(issuedAt.getTime() - 1000).toISOString();
  const notOnOrAfter = new Date(issuedAt.getTime() + (assertion.validForMs ?? 5 * 60_000)).toISOString();
  const instant = issuedAt.toISOString();
  const responseId = `_r${randomUUID()}`;
  const assertionId = assertion.assertionId ?? `_a${randomUUID()}`;
  const inResponseTo = assertion.inResponseTo === undefined ? '' : ` InResponseTo="${escapeXml(assertion.inResponseTo)}"`;
  const assertionXml =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${instant}">` +
    `<saml:Issuer>${escapeXml(assertion.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(assertion.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${escapeXml(assertion.destination)}"${inResponseTo}/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}">` +
    `<saml:AudienceRestriction><saml:Audience>${escapeXml(assertion.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="${assertionId}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
    `</saml:AuthnContext></saml:AuthnStatement></saml:Assertion>`;
  const signedAssertion = signing.sign === 'assertion' ? sign(assertionXml, 'Assertion', signing.key) : assertionXml;
  const responseXml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${responseId}" Version="2.0" ` +
    `IssueInstant="${instant}" Destination="${escapeXml(assertion.destination)}"${inResponseTo}>` +
    `<saml:Issuer>${escapeXml(assertion.issuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `${signedAssertion}</samlp:Response>`;
  const signed = signing.sign === 'response' ? sign(responseXml, 'Response', signing.key) : responseXml;
  return Buffer.from(signed, 'utf8').toString('base64');
}

/** Signs the element `localName` of `xml` (enveloped), placing the signature after its Issuer as the schema wants. */
function sign(xml: string, localName: 'Assertion' | 'Response', key: TestKeyPair | undefined): string {
  if (key === undefined) throw new Error(`signing the ${localName} needs a key`);
  const signer = new SignedXml({
    privateKey: key.privateKey,
    publicCert: key.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: `//*[local-name(.)='${localName}']`,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, { location: { reference: `//*[local-name(.)='${localName}']/*[local-name(.)='Issuer']`, action: 'after' } });
  return signer.getSignedXml();
}

/**
 * The `SAMLRequest` of an HTTP-Redirect binding URL, inflated: the AuthnRequest XML the service sent.
 *
 * @example
 * authnRequestOf(new URL(response.headers.get('location')!)) // → '<samlp:AuthnRequest ... ID="_..."'
 */
export async function authnRequestOf(redirect: URL): Promise<string> {
  const { inflateRawSync } = await import('node:zlib');
  const encoded = redirect.searchParams.get('SAMLRequest');
  if (encoded === null) throw new Error(`no SAMLRequest in ${redirect.href}`);
  return inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
}

/** The `ID` attribute of an AuthnRequest. */
export function authnRequestId(xml: string): string {
  const match = / ID="([^"]+)"/.exec(xml);
  if (match?.[1] === undefined) throw new Error(`no ID in ${xml}`);
  return match[1];
}
