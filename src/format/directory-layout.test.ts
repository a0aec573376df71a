import { describe, expect, it } from 'vitest';
import { repositoryPathProblem } from '../model/git-path-rules.ts';
import { emptyDirectorySource } from '../model/revision-bundle.ts';
import { planLayout, type LayoutPage } from './directory-layout.ts';

const page = (id: string, extra: Partial<LayoutPage> = {}): LayoutPage => ({ id, type: 'document', title: id, slug: id, ...extra });

describe('planLayout', () => {
  it('gives the new children of a page from Git a folder the path rules allow', () => {
    const pages = [page('home', { git: { path: 'README.md' } }), page('notes', { git: { path: 'notes..md' }, pages: [page('child')] })];
    const layout = planLayout({ pages, files: [], reusableContents: [], source: emptyDirectorySource() });
    expect(layout.pages.get('notes')).toBe('notes..md');
    expect(layout.pages.get('child')).toBe('notes/child.md');
    for (const path of layout.pages.values()) expect(repositoryPathProblem(path)).toBeUndefined();
  });

  it('starts a page nested deeper than the path rules allow again at the root, with its children under it', () => {
    let deepest: LayoutPage = page('p99');
    for (let level = 98; level >= 1; level -= 1) deepest = page(`p${level}`.padEnd(90, 'x'), { pages: [deepest] });
    const layout = planLayout({ pages: [page('home'), deepest], files: [], reusableContents: [], source: emptyDirectorySource() });
    const paths = [...layout.pages.values()];
    expect(paths).toHaveLength(100);
    for (const path of paths) expect(repositoryPathProblem(path), path).toBeUndefined();
    expect(new Set(paths).size).toBe(100);
    expect(layout.pages.get('p99')!.split('/').length).toBeLessThan(64);
  });
});
