import { openSpecUrl, type SpecFetchRules } from './fetch-spec-file.ts';
import { loadSpecFilesystem } from './load-spec-filesystem.ts';
import type { SpecFilesystem } from './spec-filesystem.ts';
import { validatedDocument } from './validate-spec.ts';

/** Where a spec comes from: the published `OpenAPISpecSource`. */
export type SpecSource = { url: string } | { text: string };

/**
 * Fetches (for a URL), parses and validates a spec, and answers its filesystem, the content a version keeps.
 * Throws `OpenApiProcessingError` with the published code of the failure.
 *
 * @example
 * const filesystem = await processSpecSource({ url: 'https://api.example.com/openapi.yaml' }, rules);
 */
export async function processSpecSource(source: SpecSource, rules: SpecFetchRules): Promise<SpecFilesystem> {
  if ('text' in source) {
    const filesystem = await loadSpecFilesystem(source.text.trimStart().startsWith('{') ? 'openapi.json' : 'openapi.yaml', source.text);
    await validatedDocument(filesystem);
    return filesystem;
  }
  const url = new URL(source.url);
  const opened = await openSpecUrl(url, rules);
  try {
    const filesystem = await loadSpecFilesystem(entryNameOf(url), opened.text, opened.read);
    await validatedDocument(filesystem);
    return filesystem;
  } finally {
    await opened.close();
  }
}

/** The entry point's filename: the URL's last path segment (`openapi.yaml`), or `openapi` for a bare path. */
function entryNameOf(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  return last === '' ? 'openapi' : last;
}
