import { afterAll, describe, expect, it } from 'vitest';
import { costlyMarkdown } from '../../../test/fixtures/hostile/hostile-inputs.ts';
import { snapshotFromDirectory } from '../../content/snapshot-fixture.ts';
import { isQuireError } from '../../errors/index.ts';
import { createDocumentConverter } from './document-converter.ts';
import { jsonDocumentOf } from './page-json-document.ts';

const { snapshot } = snapshotFromDirectory({ 'README.md': '# Home\n', 'guide.md': '# Guide\n', 'SUMMARY.md': '# Summary\n\n* [Home](README.md)\n* [Guide](guide.md)\n' });
const guide = snapshot.pages[1]!;
const owner = { kind: 'page' as const, id: guide.id };
// Every body goes to the worker (inlineBelow 0), one worker, a budget no plain page comes near.
const converter = createDocumentConverter({ inlineBelow: 0, workers: 1, budgetMs: 2_000 });
afterAll(() => converter.close());

describe('createDocumentConverter', () => {
  it('gives in a worker the document the calling thread gives, links resolved against the revision', { timeout: 60_000 }, async () => {
    const markdown = `Read [the home page](README.md).\n\n${'- item\n'.repeat(50)}`;
    expect(await converter.convert(markdown, snapshot, owner)).toEqual(jsonDocumentOf(markdown, snapshot, owner));
  });

  it('queues conversions for a free worker, and starts a new worker after one past its budget', { timeout: 60_000 }, async () => {
    const costly = converter.convert(costlyMarkdown(20_000).markdown, snapshot, owner);
    const queued = converter.convert('Queued.\n', snapshot, owner);
    const error = await costly.then(() => undefined, (reason: unknown) => reason);
    expect(isQuireError(error, 'CONTENT_TOO_COSTLY') && error.status).toBe(422);
    expect(isQuireError(error) && error.message).toContain(`page ${guide.id}`);
    expect(isQuireError(error) && error.message).toContain('2000 ms');
    expect(await queued).toEqual(jsonDocumentOf('Queued.\n', snapshot, owner));
  });
});
