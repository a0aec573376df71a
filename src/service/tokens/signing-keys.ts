import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload } from 'jose';
import { QuireError } from '../../errors/index.ts';
import type { NewSigningKey, SigningKeyRecord } from '../../store/index.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * When signing keys are replaced and how long a replaced key is still published. A key older than
 * `rotateAfterMs` is replaced on its next use by a new key with a new `kid`; the replaced key stays in the JWKS
 * for `retiredGraceMs`, so tokens it signed verify until they expire.
 */
export interface SigningKeyPolicy {
  rotateAfterMs: number;
  retiredGraceMs: number;
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** How long a visitor-claims token lasts: short, since a ping is made whenever the member is active. */
export const visitorClaimsLifetimeMs = hourMs;

/** How long a JWKS answer may be cached (`Cache-Control: max-age`). */
export const jwksMaxAgeSeconds = 300;

/** Keys are replaced after 30 days, and a replaced key is published for one more day. */
export const defaultSigningKeyPolicy: SigningKeyPolicy = { rotateAfterMs: 30 * dayMs, retiredGraceMs: dayMs };

/** The algorithm keys are made for: ECDSA on P-256 with SHA-256 (small keys and signatures, in every JOSE library). */
const algorithm = 'ES256';

/**
 * Checks a policy: a replaced key must stay published at least as long as a token it signed lives, plus the time
 * a verifier may cache the JWKS, or valid tokens would stop verifying. `INVALID_ARGUMENT` naming the field.
 *
 * @example
 * checkSigningKeyPolicy({ rotateAfterMs: 7 * 86_400_000, retiredGraceMs: 86_400_000 }) // → the same policy
 */
export function checkSigningKeyPolicy(policy: SigningKeyPolicy): SigningKeyPolicy {
  if (!Number.isSafeInteger(policy.rotateAfterMs) || policy.rotateAfterMs < visitorClaimsLifetimeMs) {
    throw new QuireError('INVALID_ARGUMENT', `rotateAfterMs must be a whole number of milliseconds of at least ${visitorClaimsLifetimeMs} (a token's lifetime), not ${policy.rotateAfterMs}`, {
      field: 'rotateAfterMs',
    });
  }
  const leastGrace = visitorClaimsLifetimeMs + jwksMaxAgeSeconds * 1000;
  if (!Number.isSafeInteger(policy.retiredGraceMs) || policy.retiredGraceMs < leastGrace) {
    throw new QuireError(
      'INVALID_ARGUMENT',
      `retiredGraceMs must be a whole number of milliseconds of at least ${leastGrace} (a token's lifetime and the JWKS cache time), not ${policy.retiredGraceMs}`,
      { field: 'retiredGraceMs' },
    );
  }
  return policy;
}

/**
 * The key to sign with now: the current key, or, when there is none yet or it is older than the policy allows,
 * a new one (the previous one is retired in the same transaction). Processes sharing a database agree: when
 * several make a key at once, one generation wins and every process signs with it.
 *
 * @example
 * const key = await currentSigningKey(ctx); // → { kid: 'x1...', algorithm: 'ES256', privateJwk, ... }
 */
export async function currentSigningKey(ctx: ServiceContext): Promise<SigningKeyRecord> {
  const policy = signingKeyPolicyOf(ctx);
  const current = await ctx.store.currentSigningKey();
  if (current !== undefined && ctx.clock().getTime() - Date.parse(current.createdAt) < policy.rotateAfterMs) return current;
  const added = await ctx.store.addSigningKey(await newSigningKey(), current?.generation ?? 0);
  if (added === undefined) {
    // Another process made this generation first: sign with its key.
    const winner = await ctx.store.currentSigningKey();
    if (winner === undefined) throw new QuireError('INTERNAL', 'a signing key was made by another process but cannot be read');
    return winner;
  }
  await ctx.store.deleteRetiredSigningKeys(new Date(ctx.clock().getTime() - policy.retiredGraceMs).toISOString());
  return added;
}

/** The published JSON Web Key Set (RFC 7517): public keys only. */
export interface JsonWebKeySet {
  keys: JWK[];
}

/**
 * The JWKS that verifies visitor-claims tokens (`GET /.well-known/jwks.json`): the current key (made when there
 * is none yet, so the set is never empty) and the keys retired within the grace period, newest first.
 *
 * @example
 * const { keys } = await getJsonWebKeySet(ctx); // → [{ kty: 'EC', crv: 'P-256', x, y, kid, alg: 'ES256', use: 'sig' }]
 */
export async function getJsonWebKeySet(ctx: ServiceContext): Promise<JsonWebKeySet> {
  await currentSigningKey(ctx);
  const since = new Date(ctx.clock().getTime() - signingKeyPolicyOf(ctx).retiredGraceMs).toISOString();
  const keys = await ctx.store.listPublishedSigningKeys(since);
  return { keys: keys.map((key) => key.publicJwk as JWK) };
}

/** Who a token is about and for. */
export interface SignedClaimsTarget {
  /** `sub`: the user id. */
  subject: string;
  /** `aud`: who the token is for (the organization id). */
  audience: string;
}

/**
 * Signs `claims` with the current key as a JWT: `iss` the service's base URL, `sub`, `aud`, `iat` now and `exp`
 * one hour later (`visitorClaimsLifetimeMs`), `kid` in the header naming the JWKS key that verifies it.
 *
 * @example
 * const jwt = await signClaims(ctx, { role: 'edit' }, { subject: user.id, audience: organization.id });
 */
export async function signClaims(ctx: ServiceContext, claims: JWTPayload, target: SignedClaimsTarget): Promise<string> {
  const key = await currentSigningKey(ctx);
  const issuedAt = Math.floor(ctx.clock().getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: key.algorithm, kid: key.kid, typ: 'JWT' })
    .setIssuer(ctx.baseUrl)
    .setSubject(target.subject)
    .setAudience(target.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + visitorClaimsLifetimeMs / 1000)
    .sign(await privateKeyOf(key));
}

/** The policy of `ctx` (the default when it gives none). */
function signingKeyPolicyOf(ctx: Pick<ServiceContext, 'signingKeys'>): SigningKeyPolicy {
  return ctx.signingKeys ?? defaultSigningKeyPolicy;
}

async function newSigningKey(): Promise<NewSigningKey> {
  const pair = await generateKeyPair(algorithm, { extractable: true });
  const publicJwk = await exportJWK(pair.publicKey);
  // The RFC 7638 thumbprint: a kid that names this key and no other, whichever process made it.
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    algorithm,
    publicJwk: { ...publicJwk, kid, alg: algorithm, use: 'sig' },
    privateJwk: { ...(await exportJWK(pair.privateKey)), kid, alg: algorithm },
  };
}

/** Imported private keys by kid (a kid names one key for good, so entries never go stale; a few are kept). */
type ImportedKey = Awaited<ReturnType<typeof importJWK>>;
const importedKeys = new Map<string, Promise<ImportedKey>>();
const importedKeysKept = 8;

function privateKeyOf(key: SigningKeyRecord): Promise<ImportedKey> {
  let imported = importedKeys.get(key.kid);
  if (imported === undefined) {
    imported = importJWK(key.privateJwk as JWK, key.algorithm);
    importedKeys.set(key.kid, imported);
    imported.catch(() => importedKeys.delete(key.kid));
    if (importedKeys.size > importedKeysKept) importedKeys.delete(importedKeys.keys().next().value!);
  }
  return imported;
}
