import { isIP } from 'node:net';
import { QuireError } from '../errors/index.ts';

/**
 * What an import may fetch (the SSRF rule of website imports, one place): the operator's allow-list of host
 * names that may resolve to non-public addresses (`QUIRE_IMPORT_ALLOW_HOSTS`, `quire serve --import-allow-host`;
 * for an intranet wiki, or the tests' local server). Everything else must resolve to a public address.
 */
export interface ImportTargetPolicy {
  /** Lower-case host names (no port) whose addresses are not checked; `*` allows every host (tests only). */
  allowHosts: ReadonlySet<string>;
}

/** The policy of a server without an allow-list: public addresses only. */
export const publicOnlyPolicy: ImportTargetPolicy = { allowHosts: new Set() };

/**
 * The policy that `QUIRE_IMPORT_ALLOW_HOSTS` (host names separated by commas or spaces) describes.
 *
 * @example
 * importTargetPolicyFrom('wiki.intranet, 127.0.0.1').allowHosts.has('127.0.0.1') // → true
 */
export function importTargetPolicyFrom(allowHosts: string | readonly string[] | undefined): ImportTargetPolicy {
  const list = typeof allowHosts === 'string' ? allowHosts.split(/[\s,]+/) : (allowHosts ?? []);
  return { allowHosts: new Set(list.map((host) => normaliseHost(host)).filter((host) => host !== '')) };
}

/**
 * Checks the URL an import starts from: an absolute `http:` or `https:` URL without credentials. Anything else
 * (`file:`, `data:`, `ftp:`, `javascript:`, a relative URL) is refused with `INVALID_ARGUMENT` naming `field`.
 *
 * @example
 * checkImportUrl('https://docs.example.com/guide/', 'url') // → URL
 * checkImportUrl('file:///etc/passwd', 'url') // throws INVALID_ARGUMENT "url: ..."
 */
export function checkImportUrl(raw: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new QuireError('INVALID_ARGUMENT', `${field}: "${raw.slice(0, 200)}" is not an absolute URL; give the http(s) address of the website to import`, { field });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new QuireError('INVALID_ARGUMENT', `${field}: ${url.protocol} URLs cannot be imported; only http: and https: websites can`, { field, protocol: url.protocol });
  }
  if (url.username !== '' || url.password !== '') {
    throw new QuireError('INVALID_ARGUMENT', `${field}: a URL with credentials (user:password@) cannot be imported`, { field });
  }
  return url;
}

/** The host of a URL as the rule compares it: lower case, without IPv6 brackets or a trailing dot. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

/**
 * True when `target` may be fetched in an import that started at `start`: same protocol family (http or https),
 * same host and same port. The crawl never leaves the import URL's own host.
 *
 * @example
 * sameImportOrigin(new URL('https://a.test/x'), new URL('https://a.test/y')) // → true
 * sameImportOrigin(new URL('https://a.test/x'), new URL('http://127.0.0.1/')) // → false
 */
export function sameImportOrigin(start: URL, target: URL): boolean {
  return target.origin === start.origin;
}

/** Why an address may not be fetched, or undefined when it is public. */
export type NonPublicKind = 'unspecified' | 'loopback' | 'private' | 'link-local' | 'metadata' | 'unique-local' | 'reserved';

/**
 * What kind of non-public address `address` is (IPv4 or IPv6, IPv4-mapped IPv6 included), or undefined for a
 * public one: 0.0.0.0/8, 127.0.0.0/8, 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier NAT), 169.254/16 (link-local
 * and cloud metadata), 224/4 and above, ::, ::1, fc00::/7, fe80::/10, multicast. Not an IP address: `reserved`.
 *
 * @example
 * nonPublicKind('169.254.169.254') // → 'metadata'
 * nonPublicKind('93.184.216.34') // → undefined
 */
export function nonPublicKind(address: string): NonPublicKind | undefined {
  const bare = normaliseHost(address).replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return ipv4Kind(bare.split('.').map(Number));
  if (family === 6) return ipv6Kind(bare);
  return 'reserved';
}

function ipv4Kind([a = 0, b = 0, c = 0, d = 0]: number[]): NonPublicKind | undefined {
  if (a === 169 && b === 254 && c === 169 && d === 254) return 'metadata';
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a >= 224) return 'reserved';
  return undefined;
}

function ipv6Kind(address: string): NonPublicKind | undefined {
  const groups = expandIpv6(address);
  if (groups === undefined) return 'reserved';
  if (groups.every((group) => group === 0)) return 'unspecified';
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated) reach IPv4 addresses.
  if (groups.slice(0, 5).every((group) => group === 0) && (groups[5] === 0xffff || groups[5] === 0)) {
    return ipv4Kind([groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff]);
  }
  const first = groups[0]!;
  if (first === 0xfd00 && groups[1] === 0xec2 && groups.slice(2, 7).every((g) => g === 0) && groups[7] === 0x254) return 'metadata';
  if ((first & 0xfe00) === 0xfc00) return 'unique-local';
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xff00) === 0xff00) return 'reserved';
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (with an IPv4 tail converted). */
function expandIpv6(address: string): number[] | undefined {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail !== null) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 0) return undefined;
  const groups = [...left, ...Array.from({ length: rest === undefined ? 0 : missing }, () => '0'), ...right].map((group) => Number.parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

/**
 * Checks the address `host` resolved to before anything connects to it: a host on the operator's allow-list may
 * resolve anywhere; any other must resolve to a public address. Throws `INVALID_ARGUMENT` naming `field`, saying
 * which kind of address it was and how an operator allows it.
 *
 * @example
 * checkResolvedAddress(publicOnlyPolicy, 'docs.example.com', '10.0.0.5', 'url') // throws: a private address
 */
export function checkResolvedAddress(policy: ImportTargetPolicy, host: string, address: string, field: string): void {
  const name = normaliseHost(host);
  if (policy.allowHosts.has('*') || policy.allowHosts.has(name)) return;
  const kind = nonPublicKind(address);
  if (kind === undefined) return;
  throw new QuireError(
    'INVALID_ARGUMENT',
    `${field}: ${name} resolves to ${address}, a ${kind} address; imports only fetch public addresses (an operator can allow the host with QUIRE_IMPORT_ALLOW_HOSTS)`,
    { field, host: name, address, kind },
  );
}
