import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneSpaceSite, spaceBundle } from '../render/inline-site-fixture.ts';
import { planSite, specReference, srcReference } from '../render/index.ts';
import { loadOpenAPIDocuments } from './load-openapi.ts';
import { fileOpenAPILoader } from './openapi-file-loader.ts';

const folder = mkdtempSync(join(tmpdir(), 'quire-openapi-loader-'));
const document = { openapi: '3.1.0', info: { title: 'Pets', version: '1' }, paths: { '/pets': { get: { summary: 'List pets', responses: { '200': { description: 'ok' } } } } } };
mkdirSync(join(folder, 'specs'));
writeFileSync(join(folder, 'specs/pets.json'), JSON.stringify(document));
writeFileSync(join(folder, 'specs/pets.yaml'), 'openapi: 3.1.0\ninfo:\n  title: Pets\n  version: "1"\npaths:\n  /pets:\n    get:\n      summary: List pets\n      responses:\n        "200":\n          description: ok\n');
writeFileSync(join(folder, 'specs/swagger.yaml'), 'swagger: "2.0"\ninfo:\n  title: Old\n  version: "1"\npaths: {}\n');
writeFileSync(join(folder, 'specs/flow.yaml'), '{openapi: 3.1.0, info: {title: Pets, version: "1"}, paths: {/pets: {get: {summary: List pets, responses: {"200": {description: ok}}}}}}\n');
writeFileSync(join(folder, 'specs/broken.yaml'), 'openapi: 3.1.0\ninfo: [unclosed\n');

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/pets.json') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
    if (request.url === '/big.json') {
      // No Content-Length: the loader must stop reading once the body passes the limit.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`{"openapi":"3.1.0","padding":"${'x'.repeat(4096)}`);
      return void response.end(`${'y'.repeat(4096)}"}`);
    }
    if (request.url === '/declared-big.json') return void response.writeHead(200, { 'content-length': '100000' }).end('x'.repeat(100_000));
    response.writeHead(404).end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

describe('fileOpenAPILoader', () => {
  const loader = fileOpenAPILoader({ main: folder }, { maxBytes: 1024 * 4 });

  it('reads JSON and YAML files of the site space, `src` relative to the page it is written in', async () => {
    expect(await loader(srcReference('../specs/pets.json', 'guides/api.md', 'main'))).toEqual(document);
    expect(await loader(srcReference('specs/pets.yaml', 'README.md', 'main'))).toEqual(document);
    expect(await loader(srcReference('/specs/pets.yaml', 'guides/deep/api.md', 'main'))).toEqual(document);
    // Starts like JSON but is a YAML flow mapping: `JSON.parse` refuses it, the YAML parser reads it.
    expect(await loader(srcReference('specs/flow.yaml', 'README.md', 'main'))).toEqual(document);
  });

  it('never reads outside the site space folder, and knows no other site space', async () => {
    const escaping = srcReference('../../../../specs/pets.yaml', 'guides/api.md', 'main');
    expect(escaping).toMatchObject({ kind: 'file', path: 'specs/pets.yaml' });
    await expect(loader(srcReference('../../etc/passwd', 'guides/api.md', 'main'))).rejects.toThrow('no file etc/passwd');
    expect(await loader(srcReference('specs/pets.yaml', 'README.md', 'other'))).toBeUndefined();
  });

  it('reads a URL, and says why when it cannot', async () => {
    expect(await loader(srcReference(`${base}/pets.json`, 'README.md', 'main'))).toEqual(document);
    await expect(loader(srcReference(`${base}/missing.json`, 'README.md', 'main'))).rejects.toThrow(`${base}/missing.json answered HTTP 404`);
  });

  it('refuses a specification larger than the limit, declared or streamed, and a file too large', async () => {
    await expect(loader(srcReference(`${base}/declared-big.json`, 'README.md', 'main'))).rejects.toThrow('is larger than 4096 bytes');
    await expect(loader(srcReference(`${base}/big.json`, 'README.md', 'main'))).rejects.toThrow('is larger than 4096 bytes');
    const tiny = fileOpenAPILoader({ main: folder }, { maxBytes: 64 });
    await expect(tiny(srcReference('specs/pets.json', 'README.md', 'main'))).rejects.toThrow('specs/pets.json is larger than 64 bytes');
  });

  it('refuses what is not JSON or YAML, and specifications of an organization', async () => {
    await expect(loader(srcReference('specs/broken.yaml', 'README.md', 'main'))).rejects.toThrow('specs/broken.yaml is not JSON or YAML');
    await expect(loader(specReference('petstore'))).rejects.toThrow('"petstore" is a specification of an organization');
  });
});

describe('loadOpenAPIDocuments', () => {
  const page = (src: string) => `{% openapi src="${src}" path="/pets" method="get" %}\n{% endopenapi %}\n`;
  const plan = planSite(
    oneSpaceSite(
      spaceBundle({
        'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [One](one.md)\n* [Two](two.md)\n* [Three](three.md)\n',
        'README.md': page('specs/pets.yaml'),
        'one.md': page('./specs/pets.yaml'),
        'two.md': page('specs/swagger.yaml'),
        'three.md': page('specs/none.yaml'),
      }),
    ),
  );

  it('loads each specification once, by key, and keeps the reason of each one it could not load', async () => {
    const asked: string[] = [];
    const loader = fileOpenAPILoader({ main: folder });
    const loaded = await loadOpenAPIDocuments(plan, async (reference) => {
      asked.push(reference.key);
      return loader(reference);
    });
    expect(asked).toEqual(['url:main:specs/pets.yaml', 'url:main:specs/swagger.yaml', 'url:main:specs/none.yaml']);
    expect(loaded['url:main:specs/pets.yaml']).toEqual({ document });
    expect(loaded['url:main:specs/swagger.yaml']).toEqual({ error: 'it is not an OpenAPI 3 document (no `openapi` version field)' });
    expect(loaded['url:main:specs/none.yaml']).toEqual({ error: 'no file specs/none.yaml' });
  });

  it('says so for every reference when the export has no loader', async () => {
    const loaded = await loadOpenAPIDocuments(plan, undefined);
    expect(Object.values(loaded)).toHaveLength(3);
    for (const entry of Object.values(loaded)) expect(entry).toEqual({ error: 'this export has no way to read OpenAPI specifications' });
  });
});
