import { describe, expect, it } from 'vitest';
import { oneSpaceSite, spaceBundle } from './inline-site-fixture.ts';
import { planSite } from './plan-site.ts';
import type { NavItem } from './route-data.ts';

// A space whose pages have conditions (`if:` in their front matter, as the hosted exporter writes them).
const adaptive = () =>
  spaceBundle({
    '.gitbook/vars.yaml': 'product: Quire\n',
    'README.md': '# Home\n\nSee [Pro](pro/README.md), [Tips](pro/tips.md) and [Beta](beta.md).\n',
    'SUMMARY.md': ['# Table of contents', '', '* [Home](README.md)', '* [Pro](pro/README.md)', '  * [Tips](pro/tips.md)', '* [Beta](beta.md)', '* [Broken](broken.md)', '* [Vars](vars.md)', ''].join('\n'),
    'pro/README.md': '---\nif: visitor.claims.plan === "pro"\n---\n\n# Pro\n',
    'pro/tips.md': '# Tips\n',
    'beta.md': '---\nif: visitor.claims.unsigned?.beta\n---\n\n# Beta\n',
    'broken.md': '---\nif: visitor.claims.plan ===\n---\n\n# Broken\n',
    'vars.md': '---\nif: space.vars.product == "Quire" && page.vars.shown\nvars:\n  shown: true\n---\n\n# Vars\n',
  });

const titles = (items: NavItem[]): unknown[] => items.map((item) => (item.c ? [item.t, titles(item.c)] : item.t));

describe('planSite: page conditions', () => {
  it('leaves out pages whose condition does not hold, and their children: no page, no sidebar entry', () => {
    const plan = planSite(oneSpaceSite(adaptive()));
    expect(plan.pages.map((page) => page.title)).toEqual(['Home', 'Vars']);
    expect(titles(plan.spaces[0]!.nav)).toEqual(['Home', 'Vars']);
    expect(plan.pages[0]!.next).toEqual({ title: 'Vars', href: 'vars/index.html' });
    expect(plan.spaces[0]!.excluded).toEqual({ 'pro/README.md': 'Pro', 'pro/tips.md': 'Tips', 'beta.md': 'Beta', 'broken.md': 'Broken' });
    expect(Object.values(plan.spaces[0]!.pages).map((page) => page.title)).toEqual(['Home', 'Vars']);
    expect(plan.claims).toEqual({});
    expect(plan.spaces[0]!.variables).toEqual({ product: 'Quire' });
    expect(plan.pages[1]!.variables).toEqual({ shown: true });
  });

  it('keeps them for claims that satisfy their conditions', () => {
    const plan = planSite(oneSpaceSite(adaptive()), { claims: { plan: 'pro', unsigned: { beta: true } } });
    expect(plan.pages.map((page) => page.title)).toEqual(['Home', 'Pro', 'Tips', 'Beta', 'Vars']);
    expect(plan.spaces[0]!.excluded).toEqual({ 'broken.md': 'Broken' });
    expect(plan.claims).toEqual({ plan: 'pro', unsigned: { beta: true } });
  });

  it('reports a condition that cannot be evaluated, and leaves its page out', () => {
    const plan = planSite(oneSpaceSite(adaptive()), { claims: { plan: 'pro' } });
    expect(plan.warnings).toEqual([expect.stringMatching(/^page "Broken" of .*: its condition "visitor.claims.plan ===" cannot be evaluated \(unexpected end of the expression at column 24\): the page is not exported$/)]);
  });

  it('moves the home page to the first page left when the first one is left out', () => {
    const plan = planSite(
      oneSpaceSite(
        spaceBundle({
          'README.md': '---\nif: visitor.claims.staff\n---\n\n# Staff home\n',
          'SUMMARY.md': '# Table of contents\n\n* [Staff home](README.md)\n* [Public](public.md)\n',
          'public.md': '# Public\n',
        }),
      ),
    );
    expect(plan.pages.map((page) => [page.title, page.folder])).toEqual([['Public', '']]);
  });
});
