import { describe, expect, it } from 'vitest';
import { readDirectory } from '../format/read-directory.ts';
import { specReference, srcReference } from '../render/index.ts';
import { contentOpenAPILoader } from './openapi-content-loader.ts';
import { siteOpenAPILoader } from './openapi-service-loader.ts';

const encoder = new TextEncoder();

/** A space whose page shows an operation of a specification uploaded to the space, as GitBook writes it. */
function spaceWithSpecification() {
  const files = new Map<string, Uint8Array>([
    ['README.md', encoder.encode('# Home\n')],
    ['SUMMARY.md', encoder.encode('# Table of contents\n\n* [Home](README.md)\n* [Pets](api/pets.md)\n')],
    ['api/pets.md', encoder.encode('# Pets\n\n{% openapi src="../.gitbook/assets/pets.json" path="/pets" method="get" %}\n[pets.json](../.gitbook/assets/pets.json)\n{% endopenapi %}\n')],
    ['.gitbook/assets/pets.json', encoder.encode('{"openapi":"3.0.3","info":{"title":"Pets","version":"1"},"paths":{}}')],
    ['.gitbook/assets/stores.yaml', encoder.encode('openapi: 3.1.0\ninfo:\n  title: Stores\n  version: "2"\npaths: {}\n')],
  ]);
  return { content: { main: readDirectory(files).bundle } };
}

describe('contentOpenAPILoader', () => {
  it("reads a block's src from the files of its own space, JSON or YAML, resolved against the page", async () => {
    const loader = contentOpenAPILoader(spaceWithSpecification());
    expect(await loader(srcReference('../.gitbook/assets/pets.json', 'api/pets.md', 'main'))).toMatchObject({ openapi: '3.0.3', info: { title: 'Pets' } });
    expect(await loader(srcReference('.gitbook/assets/stores.yaml', 'README.md', 'main'))).toMatchObject({ openapi: '3.1.0', info: { title: 'Stores' } });
  });

  it('finds nothing for a path that is no file of the space, a site space the export does not hold, or another kind of reference', async () => {
    const loader = contentOpenAPILoader(spaceWithSpecification());
    expect(await loader(srcReference('../.gitbook/assets/missing.json', 'api/pets.md', 'main'))).toBeUndefined();
    expect(await loader(srcReference('../.gitbook/assets/pets.json', 'api/pets.md', 'other'))).toBeUndefined();
    expect(await loader(specReference('pets'))).toBeUndefined();
  });

  it('says which file is not a specification', async () => {
    const site = spaceWithSpecification();
    const id = site.content.main.revision.files.find((file) => file.name === 'pets.json')!.id;
    site.content.main.files[id] = encoder.encode('{ not: [json');
    await expect(contentOpenAPILoader(site)(srcReference('../.gitbook/assets/pets.json', 'api/pets.md', 'main'))).rejects.toThrow('.gitbook/assets/pets.json is not JSON or YAML');
  });
});

describe('siteOpenAPILoader', () => {
  it("reads files of the exported site's spaces from its content, and the organization's specifications through the client", async () => {
    const asked: string[] = [];
    const client = {
      getLatestOpenApiSpecContent: async (organizationId: string, slug: string) => {
        asked.push(`${organizationId}/${slug}`);
        const specification = { openapi: '3.0.0', info: { title: 'Org', version: '1' }, paths: {} };
        return { filesystem: [{ dir: '.', isEntrypoint: true, references: [], filename: 'openapi.json', specification }] } as never;
      },
    };
    const loader = siteOpenAPILoader(client, 'org1', spaceWithSpecification());
    expect(await loader(srcReference('../.gitbook/assets/pets.json', 'api/pets.md', 'main'))).toMatchObject({ info: { title: 'Pets' } });
    expect(asked).toEqual([]);
    expect(await loader(specReference('org-spec'))).toMatchObject({ info: { title: 'Org' } });
    expect(asked).toEqual(['org1/org-spec']);
  });
});
