import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { OpenAPIDocument } from '../render/index.ts';
import type { OpenAPILoader } from './load-openapi.ts';

/** Bytes of a specification read (from a file or a URL) before giving up. */
const defaultMaxBytes = 20 * 1024 * 1024;
const fetchTimeoutMs = 15_000;

/** Limits of the file loader; defaults suit real specifications (tests lower them). */
export interface FileOpenAPILoaderOptions {
  /** Largest specification read, in bytes (default 20 MiB): a larger file or response is refused, not read whole. */
  maxBytes?: number;
}

/**
 * The loader of `quire build`: a block's `src` as a file of its site space's folder on disk (`folders` maps site
 * space ids to folders), or an http(s) URL; JSON or YAML (read with `yaml`, which reads JSON too), a document that
 * already has only internal `$ref`s. Specifications of an organization (`spec:`) are not on disk: none.
 *
 * @example
 * const loader = fileOpenAPILoader({ [builtSiteSpaceId('')]: '/home/me/docs' });
 */
export function fileOpenAPILoader(folders: Readonly<Record<string, string>>, options: FileOpenAPILoaderOptions = {}): OpenAPILoader {
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  return async (reference) => {
    if (reference.kind === 'spec') throw new Error(`"${reference.slug}" is a specification of an organization, which quire build cannot read: use {% openapi src="…" %} with a file or URL`);
    if (reference.kind === 'file') {
      const folder = folders[reference.siteSpaceId];
      if (folder === undefined) return undefined;
      const path = join(folder, reference.path);
      const size = await stat(path).then(
        (info) => info.size,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') throw new Error(`no file ${reference.path}`);
          throw error;
        },
      );
      if (size > maxBytes) throw new Error(`${reference.path} is larger than ${maxBytes} bytes`);
      return parseDocument(await readFile(path, 'utf8'), reference.path);
    }
    const response = await fetch(reference.url, { signal: AbortSignal.timeout(fetchTimeoutMs), redirect: 'follow' });
    if (!response.ok) throw new Error(`${reference.url} answered HTTP ${response.status}`);
    return parseDocument(await boundedText(response, maxBytes, reference.url), reference.url);
  };
}

/** The body of a response as text, refused as soon as it is known to pass `maxBytes` (declared or read so far). */
async function boundedText(response: Response, maxBytes: number, url: string): Promise<string> {
  const tooLarge = () => new Error(`${url} is larger than ${maxBytes} bytes`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let read = 0;
  // Leaving the loop early (the throw) cancels the stream: the rest is never downloaded.
  for await (const chunk of response.body ?? []) {
    read += chunk.byteLength;
    if (read > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * JSON through `JSON.parse` (about fifty times faster than the YAML parser on a large specification: 1,000
 * operations, 552 KiB, take 1 s in `yaml`), anything else, or JSON that `JSON.parse` refuses, through `yaml`,
 * loaded then: an export whose specifications are JSON does not load the YAML parser (262 KB of the bundle).
 * `where` names the text in the error.
 */
export async function parseDocument(text: string, where: string): Promise<OpenAPIDocument> {
  if (/^\s*\{/.test(text)) {
    try {
      return JSON.parse(text) as OpenAPIDocument;
    } catch {
      // Not strict JSON (comments, a YAML flow mapping): the YAML parser reads it, or says why not.
    }
  }
  const { parse } = await import('yaml');
  try {
    return parse(text, { maxAliasCount: 1000 }) as OpenAPIDocument;
  } catch (error) {
    throw new Error(`${where} is not JSON or YAML: ${(error as Error).message.split('\n')[0]}`);
  }
}
