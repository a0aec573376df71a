import { openSpecUrl, type SpecFetchRules } from './fetch-spec-file.ts';
import { isOpenApiProcessingError } from './processing-error.ts';
import { processSpecTexts, type SpecTexts, type SpecTextsOutcome } from './process-spec-texts.ts';

/** Where a spec comes from: the published `OpenAPISpecSource`. */
export type SpecSource = { url: string } | { text: string };

/** How a spec's texts are processed: `processSpecTexts`, on this thread or in a worker thread. */
export type SpecTextsProcessor = (request: SpecTexts) => Promise<SpecTextsOutcome>;

/** How processing a spec ended: its filesystem and content hash, or the published code of the failure. */
export type SpecSourceOutcome = Exclude<SpecTextsOutcome, { kind: 'needs' }>;

/**
 * Fetches a spec (for a URL) on this thread, where fetching is asynchronous I/O, and has `processTexts` parse,
 * validate and build its filesystem, the content a version keeps: the entry point first, then each round of the
 * files its relative `$ref`s name that the texts so far lack, until every file is there. A fetch failure is
 * `failed` with `FETCH_TIMEOUT` or `FETCH_ERROR`.
 *
 * @example
 * const outcome = await processSpecSource({ url: 'https://api.example.com/openapi.yaml' }, rules, (texts) => pool.process(texts));
 */
export async function processSpecSource(source: SpecSource, rules: SpecFetchRules, processTexts: SpecTextsProcessor = processSpecTexts): Promise<SpecSourceOutcome> {
  if ('text' in source) {
    const entryName = source.text.trimStart().startsWith('{') ? 'openapi.json' : 'openapi.yaml';
    return settled(await processTexts({ entryName, texts: { [entryName]: source.text }, followReferences: false }));
  }
  try {
    const url = new URL(source.url);
    const entryName = entryNameOf(url);
    const opened = await openSpecUrl(url, rules);
    try {
      const texts: Record<string, string> = { [entryName]: opened.text };
      for (;;) {
        const outcome = await processTexts({ entryName, texts, followReferences: true });
        if (outcome.kind !== 'needs') return outcome;
        for (const path of outcome.paths) {
          if (Object.hasOwn(texts, path)) throw new Error(`processing asked again for ${path}, which it was given`);
          texts[path] = await opened.read(path);
        }
      }
    } finally {
      await opened.close();
    }
  } catch (error) {
    if (!isOpenApiProcessingError(error)) throw error;
    return { kind: 'failed', code: error.code, problems: error.problems, problemCount: error.problems.length };
  }
}

function settled(outcome: SpecTextsOutcome): SpecSourceOutcome {
  if (outcome.kind === 'needs') throw new Error(`a spec given as text has no files to read, yet ${outcome.paths.join(', ')} were asked for`);
  return outcome;
}

/** The entry point's filename: the URL's last path segment (`openapi.yaml`), or `openapi` for a bare path. */
function entryNameOf(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  return last === '' ? 'openapi' : last;
}
