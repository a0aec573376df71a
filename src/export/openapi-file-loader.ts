import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { OpenAPIDocument } from '../render/index.ts';
import type { OpenAPILoader } from './load-openapi.ts';

/** Bytes of a specification read from a URL before giving up. */
const maxBytes = 20 * 1024 * 1024;
const fetchTimeoutMs = 15_000;

/**
 * The loader of `quire build`: a block's `src` as a file of its site space's folder on disk (`folders` maps site
 * space ids to folders), or an http(s) URL; JSON or YAML (read with `yaml`, which reads JSON too), a document that
 * already has only internal `$ref`s. Specifications of an organization (`spec:`) are not on disk: none.
 *
 * @example
 * const loader = fileOpenAPILoader({ [builtSiteSpaceId('')]: '/home/me/docs' });
 */
export function fileOpenAPILoader(folders: Readonly<Record<string, string>>): OpenAPILoader {
  return async (reference) => {
    if (reference.kind === 'spec') throw new Error(`"${reference.slug}" is a specification of an organization, which quire build cannot read: use {% openapi src="…" %} with a file or URL`);
    if (reference.kind === 'file') {
      const folder = folders[reference.siteSpaceId];
      if (folder === undefined) return undefined;
      const text = await readFile(join(folder, reference.path), 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw new Error(`no file ${reference.path}`);
        throw error;
      });
      return parseDocument(text, reference.path);
    }
    const response = await fetch(reference.url, { signal: AbortSignal.timeout(fetchTimeoutMs), redirect: 'follow' });
    if (!response.ok) throw new Error(`${reference.url} answered HTTP ${response.status}`);
    const text = await response.text();
    if (text.length > maxBytes) throw new Error(`${reference.url} is larger than ${maxBytes} bytes`);
    return parseDocument(text, reference.url);
  };
}

function parseDocument(text: string, where: string): OpenAPIDocument {
  try {
    return parse(text, { maxAliasCount: 1000 }) as OpenAPIDocument;
  } catch (error) {
    throw new Error(`${where} is not JSON or YAML: ${(error as Error).message.split('\n')[0]}`);
  }
}
