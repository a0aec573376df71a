import { describe, expect, it } from 'vitest';
import { specReference, srcReference, type OpenAPIDocument } from '../render/index.ts';
import { serviceOpenAPILoader, type OpenAPISpecContent } from './openapi-service-loader.ts';

const bundled = { openapi: '3.0.3', info: { title: 'Pets', version: '2' }, paths: {} } as OpenAPIDocument;

/** A fake of the official client's `orgs.getLatestOpenApiSpecVersionContent` and of `bundledDocument`. */
function fakeService(contents: Record<string, OpenAPISpecContent>) {
  const calls: string[] = [];
  const bundledFrom: unknown[] = [];
  const loader = serviceOpenAPILoader({
    latestContent: async (slug) => {
      calls.push(slug);
      return contents[slug];
    },
    bundledDocument: async (filesystem) => {
      bundledFrom.push(filesystem);
      return bundled;
    },
  });
  return { loader, calls, bundledFrom };
}

describe('serviceOpenAPILoader', () => {
  it("reads the latest version's content of the organization's specification and bundles its files", async () => {
    const filesystem = { files: [{ path: 'openapi.yaml', content: 'openapi: 3.0.3' }] };
    const { loader, calls, bundledFrom } = fakeService({ petstore: { filesystem } });
    expect(await loader(specReference('petstore'))).toBe(bundled);
    expect(calls).toEqual(['petstore']);
    expect(bundledFrom).toEqual([filesystem]);
  });

  it('finds nothing for a specification the organization does not have, without bundling', async () => {
    const { loader, bundledFrom } = fakeService({});
    expect(await loader(specReference('missing'))).toBeUndefined();
    expect(bundledFrom).toEqual([]);
  });

  it('refuses URLs and files: the service reads only its own specifications', async () => {
    const { loader, calls } = fakeService({});
    await expect(loader(srcReference('https://example.com/openapi.json', 'README.md', 'main'))).rejects.toThrow('not https://example.com/openapi.json');
    await expect(loader(srcReference('specs/pets.yaml', 'README.md', 'main'))).rejects.toThrow('not specs/pets.yaml');
    expect(calls).toEqual([]);
  });

  it('lets a failing client or bundler reach the page as the reason', async () => {
    const loader = serviceOpenAPILoader({ latestContent: () => Promise.reject(new Error('HTTP 500 from the service')), bundledDocument: () => bundled });
    await expect(loader(specReference('petstore'))).rejects.toThrow('HTTP 500 from the service');
  });
});
