import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getQuireServerInfo, quireVersion } from './quire-server-info.ts';

describe('GET /v1/quire', () => {
  it('announces the version of package.json and the extensions of docs/api-extensions.md', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(quireVersion).toBe(manifest.version);
    const documented = readFileSync(new URL('../../docs/api-extensions.md', import.meta.url), 'utf8');
    for (const extension of getQuireServerInfo().extensions) expect(documented).toContain(`\`${extension}\``);
  });
});
