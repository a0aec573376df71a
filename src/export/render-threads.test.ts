import { describe, expect, it } from 'vitest';
import { planSite } from '../render/plan-site.ts';
import { renderPlannedPage, renderSitePage } from '../render/render-site-page.ts';
import { pageMarkdown } from '../render/route-data.ts';
import { fixtureSite } from './export-site-fixture.ts';
import { workerPlan } from './render-threads.ts';

describe('workerPlan', () => {
  it('leaves out the pages, page bodies and sidebars, and a page rendered from it with its Markdown is the same page', async () => {
    const plan = planSite(await fixtureSite());
    const shell = structuredClone(workerPlan(plan));
    expect(shell.pages).toEqual([]);
    expect(shell.spaces.map((space) => [space.documents, space.nav])).toEqual(plan.spaces.map(() => [{}, []]));
    // What a page's render reads is all there: link tables, includes, chrome, tabs.
    expect(shell.spaces.map((space) => Object.keys(space.links).length)).toEqual(plan.spaces.map((space) => Object.keys(space.links).length));
    expect(shell.spaces.map((space) => space.includes)).toEqual(plan.spaces.map((space) => space.includes));
    expect(shell.tabs).toEqual(plan.tabs);
    // The original plan is untouched.
    expect(plan.pages.filter((page) => pageMarkdown(plan, page) !== '').length).toBeGreaterThan(5);
    expect(plan.spaces.every((space) => space.nav.length > 0)).toBe(true);

    for (const page of plan.pages) {
      const sent = structuredClone({ page, markdown: pageMarkdown(plan, page) });
      expect(renderPlannedPage(shell, sent.page, sent.markdown), page.href).toEqual(renderSitePage(plan, page.index));
    }
  });
});
