// Sync makes a batch's request body while the space applies the batch before it, when the batch needs no id that
// batch gives (src/sync/batch-body.ts). Against a real server whose batches are small enough that an import takes
// several: the batches made ahead carry no placeholder, the one that needs the answer before it waits for it, and
// every page lands under its parent in order.
import type { RevisionPage } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { EncodedContentChanges } from '../../src/client/index.ts';
import { gitdir, sync, useSyncWorld } from './sync-harness.ts';

const world = useSyncWorld({ maxGitBatchChanges: 60 });

describe('batches made ahead', () => {
  it('are sent for the batches that need nothing from the one before; the import lands whole and in order', async () => {
    const guide = Array.from({ length: 70 }, (_, index) => `guide/step-${index}.md`);
    const notes = Array.from({ length: 150 }, (_, index) => `notes/note-${index}.md`);
    const files: Record<string, string> = { 'README.md': '# Home\n', 'guide/README.md': '# Guide\n' };
    guide.forEach((path, index) => (files[path] = `# Step ${index}\n\nDo “this” → then that.\n`));
    notes.forEach((path, index) => (files[path] = `# Note ${index}\n\nSee [the guide](../guide/README.md).\n`));
    files['SUMMARY.md'] = [
      '# Summary',
      '',
      '* [Home](README.md)',
      '* [Guide](guide/README.md)',
      ...guide.map((path, index) => `  * [Step ${index}](${path})`),
      ...notes.map((path, index) => `* [Note ${index}](${path})`),
      '',
    ].join('\n');
    const repo = await gitdir(files);
    const { client, newSpace } = world();
    const spaceId = await newSpace('Ahead');

    const sent: Array<{ ahead: boolean; changes: unknown[] }> = [];
    const send = client.updateChangeRequestContent.bind(client);
    client.updateChangeRequestContent = (space, changeRequest, changes, options) => {
      const ahead = changes instanceof EncodedContentChanges;
      sent.push({ ahead, changes: ahead ? (JSON.parse(new TextDecoder().decode(changes.bytes)) as { changes: unknown[] }).changes : [...changes] });
      return send(space, changeRequest, changes, options);
    };
    const { result } = await sync(world(), repo, spaceId);
    expect(result.ok, JSON.stringify(result.items.filter((item) => item.outcome === 'failed'))).toBe(true);

    // 223 pages at 60 a batch. The first batch creates the guide; the second holds its steps, so it waits for the
    // first's answer; the others name only pages created two batches or more before, and are made ahead.
    expect(sent.length).toBe(4);
    expect(sent.map((batch) => batch.ahead)).toEqual([false, false, true, true]);
    expect(sent.flatMap((batch) => batch.changes)).toHaveLength(223);
    for (const batch of sent) expect(JSON.stringify(batch.changes)).not.toContain('"@quire-');

    const revision = await client.getRevision({ spaceId, revisionId: (await client.getSpace(spaceId)).revision });
    const titles = (pages: readonly RevisionPage[]): unknown[] => pages.map((page) => ('pages' in page && page.pages.length > 0 ? [page.title, titles(page.pages)] : page.title));
    expect(titles(revision.pages)).toEqual(['Home', ['Guide', guide.map((_, index) => `Step ${index}`)], ...notes.map((_, index) => `Note ${index}`)]);
  }, 60_000);
});
