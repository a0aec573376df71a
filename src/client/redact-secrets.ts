/**
 * Keeps secrets out of error messages and data, which end up in logs and CI output.
 */

/** Query parameters whose values are credentials: share keys, signed-URL signatures, tokens. */
const secretParameter = /token|key|secret|signature|sig$|credential|auth|password/i;

/**
 * The URL as text, without user info and with the values of credential-like query parameters replaced.
 *
 * @example
 * redactUrl(new URL('https://x.test/v1/orgs/o/sites/s/published?shareKey=abc')); // 'https://x.test/v1/orgs/o/sites/s/published?shareKey=REDACTED'
 */
export function redactUrl(url: URL): string {
  const copy = new URL(url);
  copy.username = '';
  copy.password = '';
  for (const name of [...new Set(copy.searchParams.keys())]) {
    if (secretParameter.test(name)) copy.searchParams.set(name, 'REDACTED');
  }
  return copy.toString();
}

/** `text` with every occurrence of `secret` replaced; a server may echo the token it rejected. */
export function redactSecret(text: string, secret: string | undefined): string {
  return secret === undefined || secret === '' ? text : text.split(secret).join('REDACTED');
}
