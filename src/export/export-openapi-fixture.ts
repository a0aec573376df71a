// A site whose pages render API references, for export tests, the browser test and the bench: every OpenAPI block
// (`openapi src` reading test/fixtures/openapi/petstore.yaml from disk, `openapi-operation`, `openapi-schemas`,
// `openapi-webhook` naming the organization's `petstore`), a computed `builtin:openapi` page, and a page naming a
// specification that cannot be loaded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { oneSpaceSite, spaceBundle } from '../render/inline-site-fixture.ts';
import type { ExportSite, OpenAPIDocument } from '../render/index.ts';
import type { OpenAPILoader } from './load-openapi.ts';
import { fileOpenAPILoader } from './openapi-file-loader.ts';

export const openapiFixtures = fileURLToPath(new URL('../../test/fixtures/openapi/', import.meta.url));
export const petstore = parse(readFileSync(join(openapiFixtures, 'petstore.yaml'), 'utf8')) as OpenAPIDocument;

const summaryMd = `# Table of contents

* [Home](README.md)
* [List pets](reference/list-pets.md)
* [Delete a pet](reference/delete-pet.md)
* [Models](reference/models.md)
* [New pet](reference/new-pet.md)
* [Broken](reference/broken.md)
* \`\`\`yaml
  type: builtin:openapi
  title: Petstore API
  props:
    models: true
  dependencies:
    spec:
      ref:
        kind: openapi
        spec: petstore
  \`\`\`
`;

export const openapiSiteFiles: Record<string, string> = {
  'SUMMARY.md': summaryMd,
  'README.md': '# Home\n\nThe pet store.\n',
  'reference/list-pets.md': '# List pets\n\n{% openapi src="../petstore.yaml" path="/pets" method="get" %}\n{% endopenapi %}\n',
  'reference/delete-pet.md': '# Delete a pet\n\n{% openapi-operation spec="petstore" path="/pets/{petId}" method="delete" %}\n{% endopenapi-operation %}\n',
  'reference/models.md': '# Models\n\nThe shapes.\n\n{% openapi-schemas spec="petstore" schemas="Pet,Order" grouped="false" %}\n{% endopenapi-schemas %}\n',
  'reference/new-pet.md': '# New pet\n\n{% openapi-webhook spec="petstore" name="newPet" method="post" %}\n{% endopenapi-webhook %}\n',
  'reference/broken.md': '# Broken\n\n{% openapi-operation spec="missing-spec" path="/pets" method="get" %}\n{% endopenapi-operation %}\n',
};

/** For the site space `main`: `spec:petstore` from the fixture, other specs missing; files and URLs through the `quire build` loader. */
export const fixtureOpenAPILoader: OpenAPILoader = async (reference) => {
  if (reference.kind === 'spec') return reference.slug === 'petstore' ? structuredClone(petstore) : undefined;
  return fileOpenAPILoader({ main: openapiFixtures })(reference);
};

/** The site of one site space (`main`) holding `openapiSiteFiles` and the fixture specification beside them. */
export function openapiSite(): ExportSite {
  return oneSpaceSite(spaceBundle({ ...openapiSiteFiles, 'petstore.yaml': readFileSync(join(openapiFixtures, 'petstore.yaml'), 'utf8') }));
}
