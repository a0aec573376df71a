import { describe, expect, it } from 'vitest';
import { withMissingFiles } from './read-sync-sides.ts';
import { missingPaths } from './refused-files.ts';
import type { GitSide } from './sync-sides.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

function gitSide(base: Record<string, string>, changes: Record<string, string | null>): GitSide {
  const baseFiles = new Map(Object.entries(base).map(([path, text]) => [path, bytes(text)]));
  const delta = new Map(Object.entries(changes).map(([path, text]) => [path, text === null ? null : bytes(text)]));
  return { ref: 'refs/heads/main', head: undefined, lastChange: undefined, headFiles: baseFiles, baseFiles, changes: delta, complete: true, structure: new Set() };
}

describe('withMissingFiles', () => {
  it('turns a lacked file that now fits into an addition, keeps one still refused out of the base, and drops a delete of one the space never had', () => {
    const git = gitSide({ 'README.md': '# Home\n', 'big.gif': 'GIF', 'huge.gif': 'HUGE', 'gone.gif': 'OLD' }, { 'gone.gif': null, 'README.md': '# Home!\n' });
    const seen = withMissingFiles(git, { refused: [], fitting: new Map([['big.gif', bytes('GIF')]]), lacked: ['big.gif', 'huge.gif', 'gone.gif'] });
    expect([...seen.baseFiles.keys()]).toEqual(['README.md']);
    expect([...seen.changes.keys()].sort()).toEqual(['README.md', 'big.gif']);
    expect(new TextDecoder().decode(seen.changes.get('big.gif')!)).toBe('GIF');
    // The side it was given is left as it was.
    expect(git.baseFiles.has('big.gif')).toBe(true);
    expect(git.changes.has('gone.gif')).toBe(true);
  });

  it('changes nothing when the sync point lacks nothing, or nothing is known', () => {
    const git = gitSide({ 'a.md': 'a' }, {});
    expect(withMissingFiles(git, undefined)).toBe(git);
    expect(withMissingFiles(git, { refused: [], fitting: new Map(), lacked: [] })).toBe(git);
  });
});

describe('missingPaths', () => {
  it('lists the refused files of the space side once each, sorted, and nothing else', () => {
    expect(
      missingPaths([
        { outcome: 'failed', side: 'space', kind: 'file', path: 'z.gif', detail: 'too large' },
        { outcome: 'failed', side: 'space', kind: 'file', path: '.gitbook/assets/a.png', detail: 'too large' },
        { outcome: 'failed', side: 'space', kind: 'file', path: 'z.gif', detail: 'still not in the space' },
        { outcome: 'failed', side: 'space', kind: 'page', path: 'broken.md', detail: 'invalid YAML' },
        { outcome: 'created', side: 'space', kind: 'file', path: 'ok.png' },
      ]),
    ).toEqual(['.gitbook/assets/a.png', 'z.gif']);
  });
});
