// Export renders every page of a site (in this thread or the render pool's workers, with the same renderSitePage)
// and indexes its text for search: a site whose pages are hostile (src/model/nesting-limits.ts) must export whole.
import { describe, expect, it } from 'vitest';
import { costlyMarkdown, hostileMarkdown } from '../../test/fixtures/hostile/hostile-inputs.ts';
import { oneSpaceSite, spaceBundle } from '../render/inline-site-fixture.ts';
import { planSite } from '../render/plan-site.ts';
import { renderSitePage } from '../render/render-site-page.ts';
import { searchIndexScript } from './search-index.ts';

describe('exporting a site of hostile pages', () => {
  it('plans and renders every page, with its text in the page and in the search index', () => {
    const pages = [...hostileMarkdown(), costlyMarkdown()];
    const files: Record<string, string> = { 'README.md': '# Home\n', 'SUMMARY.md': `# Summary\n\n* [Home](README.md)\n${pages.map((_, index) => `* [Page ${index}](page-${index}.md)`).join('\n')}\n` };
    pages.forEach((page, index) => (files[`page-${index}.md`] = `# Page ${index}\n\n${page.markdown}`));
    const plan = planSite(oneSpaceSite(spaceBundle(files)));
    const rendered = plan.pages.map((_, index) => renderSitePage(plan, index));
    expect(rendered).toHaveLength(pages.length + 1);
    for (const page of rendered.slice(1)) {
      expect(page.html).toContain('deepest');
      expect(page.search?.text).toContain('deepest');
    }
    expect(searchIndexScript(rendered.flatMap((page) => (page.search ? [page.search] : [])))).toContain('deepest');
  });
});
