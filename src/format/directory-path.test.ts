import { describe, expect, it } from 'vitest';
import { resolveInside, type ResolvedPath } from './directory-path.ts';

/** Segment by segment, every time: what resolveInside did before its shortcut for paths with no `.`, `..` or empty segment. */
function segmentBySegment(fromFile: string, target: string, root: string): ResolvedPath {
  if (target === '') return { ok: false, reason: 'empty' };
  if (target.startsWith('/') || /^[A-Za-z]:[\\/]/.test(target) || target.startsWith('\\')) return { ok: false, reason: 'absolute' };
  const slash = fromFile.lastIndexOf('/');
  const segments: string[] = [];
  for (const segment of [...(slash === -1 ? '' : fromFile.slice(0, slash)).split('/'), ...target.split('/')]) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return { ok: false, reason: 'escapes-root' };
      segments.pop();
    } else segments.push(segment);
  }
  const path = segments.join('/');
  if (root !== '' && !path.startsWith(root)) return { ok: false, reason: 'escapes-root' };
  if (path === '') return { ok: false, reason: 'empty' };
  return { ok: true, path };
}

describe('resolveInside', () => {
  it('resolves as segment by segment, on every combination of awkward segments', () => {
    const parts = ['', '.', '..', 'a', '.b', '..c', 'd.', 'e..f', '...', 'docs', '\\', 'C:'];
    const paths = [''];
    for (const first of parts) {
      paths.push(first);
      for (const second of parts) {
        paths.push(`${first}/${second}`);
        for (const third of parts) paths.push(`${first}/${second}/${third}`);
      }
    }
    for (const fromFile of ['', 'a.md', 'docs/a.md', 'docs/x/a.md', './a.md', 'docs//a.md']) {
      for (const target of paths) {
        for (const root of ['', 'docs/']) expect(resolveInside(fromFile, target, root), JSON.stringify([fromFile, target, root])).toEqual(segmentBySegment(fromFile, target, root));
      }
    }
  });

  it('keeps a path out of its root and refuses one that climbs out', () => {
    expect(resolveInside('guide/a.md', '../b.md', '')).toEqual({ ok: true, path: 'b.md' });
    expect(resolveInside('a.md', '../../etc/passwd', '')).toEqual({ ok: false, reason: 'escapes-root' });
    expect(resolveInside('docs/a.md', '../b.md', 'docs/')).toEqual({ ok: false, reason: 'escapes-root' });
  });
});
