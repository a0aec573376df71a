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
});
