import { describe, expect, it } from 'vitest';
import { checkImportRequest, defaultImportSettings, importSettingsFromEnv } from './content-import.ts';

describe('content import settings and request checks', () => {
  it('reads the environment a server is started with, refusing bad numbers by name', () => {
    const settings = importSettingsFromEnv({ QUIRE_IMPORT_ALLOW_HOSTS: 'wiki.intranet, 127.0.0.1', QUIRE_IMPORT_MAX_PAGES: '500', QUIRE_IMPORT_CONCURRENCY: '2' });
    expect([...settings.policy.allowHosts].sort()).toEqual(['127.0.0.1', 'wiki.intranet']);
    expect(settings.limits).toMatchObject({ maxPages: 500, concurrency: 2, maxDepth: defaultImportSettings.limits.maxDepth });
    expect(importSettingsFromEnv({}).policy.allowHosts.size).toBe(0);
    expect(() => importSettingsFromEnv({ QUIRE_IMPORT_CONCURRENCY: '9' })).toThrow(/^QUIRE_IMPORT_CONCURRENCY must be a whole number from 0 to 4/);
    expect(() => importSettingsFromEnv({ QUIRE_IMPORT_MAX_PAGES: 'lots' })).toThrow(/QUIRE_IMPORT_MAX_PAGES/);
  });

  it('names source for unsupported kinds and url for bad addresses', () => {
    expect(checkImportRequest('website', 'https://docs.example.com/', { source: 'source', url: 'url' }).href).toBe('https://docs.example.com/');
    expect(() => checkImportRequest('file', 'https://x.test/', { source: 'source.type', url: 'source.url' })).toThrow(/^source\.type: file imports are not supported by this server; supported: website$/);
    expect(() => checkImportRequest('website', 'data:text/html,x', { source: 'source', url: 'url' })).toThrow(/^url: data: URLs cannot be imported/);
    expect(() => checkImportRequest('website', undefined, { source: 'source', url: 'source.url' })).toThrow(/^source\.url: is required/);
  });
});
