import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors/index.ts';
import { checkImportUrl, checkResolvedAddress, importTargetPolicyFrom, nonPublicKind, publicOnlyPolicy, sameImportOrigin } from './import-target-rule.ts';

describe('import target rule', () => {
  it('takes http and https URLs and refuses every other scheme naming the field', () => {
    expect(checkImportUrl('https://docs.example.com/guide/', 'url').hostname).toBe('docs.example.com');
    for (const raw of ['file:///etc/passwd', 'data:text/html,<p>x</p>', 'ftp://example.com/', 'javascript:alert(1)', 'gopher://x/', '/relative', 'not a url']) {
      let caught: unknown;
      try {
        checkImportUrl(raw, 'url');
      } catch (error) {
        caught = error;
      }
      expect(isQuireError(caught, 'INVALID_ARGUMENT'), raw).toBe(true);
      expect((caught as Error).message.startsWith('url: '), raw).toBe(true);
    }
    expect(() => checkImportUrl('https://user:pw@example.com/', 'url')).toThrow(/credentials/);
  });

  it('classifies loopback, private, link-local, metadata and unspecified addresses, v4 and v6', () => {
    const cases: [string, string | undefined][] = [
      ['127.0.0.1', 'loopback'],
      ['127.255.1.2', 'loopback'],
      ['::1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'metadata'],
      ['169.254.10.1', 'link-local'],
      ['fe80::1', 'link-local'],
      ['fc00::1', 'unique-local'],
      ['fd12:3456::1', 'unique-local'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:a9fe:a9fe', 'metadata'],
      ['[::1]', 'loopback'],
      ['172.32.0.1', undefined],
      ['93.184.216.34', undefined],
      ['2606:2800:220:1:248:1893:25c8:1946', undefined],
    ];
    for (const [address, kind] of cases) expect(nonPublicKind(address), address).toBe(kind);
  });

  it('refuses a non-public address unless the host is on the allow-list', () => {
    expect(() => checkResolvedAddress(publicOnlyPolicy, 'docs.example.com', '93.184.216.34', 'url')).not.toThrow();
    expect(() => checkResolvedAddress(publicOnlyPolicy, 'docs.example.com', '10.0.0.5', 'url')).toThrow(/^url: docs\.example\.com resolves to 10\.0\.0\.5, a private address/);
    expect(() => checkResolvedAddress(publicOnlyPolicy, '127.0.0.1', '127.0.0.1', 'url')).toThrow(/loopback/);
    const policy = importTargetPolicyFrom('wiki.intranet, 127.0.0.1 ');
    expect(() => checkResolvedAddress(policy, '127.0.0.1', '127.0.0.1', 'url')).not.toThrow();
    expect(() => checkResolvedAddress(policy, 'WIKI.intranet.', '10.0.0.5', 'url')).not.toThrow();
    expect(() => checkResolvedAddress(policy, 'other.intranet', '10.0.0.5', 'url')).toThrow(/private/);
  });

  it('keeps the crawl on the import URL origin', () => {
    const start = new URL('https://docs.example.com/guide/');
    expect(sameImportOrigin(start, new URL('https://docs.example.com/faq'))).toBe(true);
    expect(sameImportOrigin(start, new URL('http://docs.example.com/faq'))).toBe(false);
    expect(sameImportOrigin(start, new URL('https://docs.example.com:8443/faq'))).toBe(false);
    expect(sameImportOrigin(start, new URL('http://127.0.0.1/'))).toBe(false);
  });
});
