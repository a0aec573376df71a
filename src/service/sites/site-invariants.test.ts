// Invariants of a site's structure under random sequences of calls (fast-check): after every call, one default
// section when there are sections, one default site space per non-empty level, paths unique among siblings,
// no site space of a deleted space.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Actor } from '../access/actor.ts';
import type { ServiceContext } from '../service-context.ts';
import { createSite } from './sites.ts';
import { createSiteSection, deleteSiteSection, updateSiteSection } from './site-sections.ts';
import { createSiteSpace, deleteSiteSpace, updateSiteSpace } from './site-spaces.ts';
import { deleteSpace } from '../spaces/spaces.ts';
import { authenticate } from '../access/actor.ts';
import { bootstrap } from '../bootstrap.ts';
import { systemClock } from '../service-context.ts';
import { openTestStore } from '../test-store.fixture.ts';

let service: { ctx: ServiceContext; actor: Actor; organizationId: string };
let dispose: () => Promise<void>;
beforeAll(async () => {
  const opened = await openTestStore();
  dispose = opened.dispose;
  const started = await bootstrap(opened.store);
  service = {
    ctx: { store: opened.store, clock: systemClock, baseUrl: 'http://127.0.0.1:8787' },
    actor: await authenticate(opened.store, `Bearer ${started.token}`),
    organizationId: started.organization.id,
  };
});
afterAll(async () => {
  await dispose?.();
});

async function checkInvariants(ctx: ServiceContext, siteId: string): Promise<void> {
  const site = await ctx.store.getSite(siteId);
  const tree = await ctx.store.readSiteTree(siteId);
  if (tree.sections.length > 0) expect(tree.sections.map((section) => section.id)).toContain(site.defaultSectionId);
  else expect(site.defaultSectionId).toBeUndefined();
  expect(new Set(tree.sections.map((section) => section.path)).size).toBe(tree.sections.length);
  const levels = new Map<string, string[]>();
  for (const siteSpace of tree.siteSpaces) levels.set(siteSpace.sectionId ?? '', [...(levels.get(siteSpace.sectionId ?? '') ?? []), siteSpace.id]);
  const roots = levels.get('') ?? [];
  if (roots.length > 0) expect(roots).toContain(site.defaultSiteSpaceId);
  for (const section of tree.sections) {
    const members = levels.get(section.id) ?? [];
    if (members.length > 0) expect(members).toContain(section.defaultSiteSpaceId);
    else expect(section.defaultSiteSpaceId).toBeUndefined();
  }
  for (const siteSpace of tree.siteSpaces) {
    expect((await ctx.store.getSpace(siteSpace.spaceId)).deletedAt).toBeUndefined();
    const siblings = tree.siteSpaces.filter((other) => other.sectionId === siteSpace.sectionId && other.path === siteSpace.path);
    expect(siblings).toHaveLength(1);
  }
}

type Step =
  | { kind: 'addSpace'; space: number; section: number | null }
  | { kind: 'addSection'; space: number }
  | { kind: 'deleteSiteSpace'; index: number }
  | { kind: 'deleteSection'; index: number }
  | { kind: 'pathSiteSpace'; index: number; path: string }
  | { kind: 'pathSection'; index: number; path: string }
  | { kind: 'defaultSection'; index: number }
  | { kind: 'deleteSpace'; space: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('addSpace' as const), space: fc.nat(3), section: fc.option(fc.nat(3)) }),
  fc.record({ kind: fc.constant('addSection' as const), space: fc.nat(3) }),
  fc.record({ kind: fc.constant('deleteSiteSpace' as const), index: fc.nat(5) }),
  fc.record({ kind: fc.constant('deleteSection' as const), index: fc.nat(3) }),
  fc.record({ kind: fc.constant('pathSiteSpace' as const), index: fc.nat(5), path: fc.constantFrom('a', 'b', 'c') }),
  fc.record({ kind: fc.constant('pathSection' as const), index: fc.nat(3), path: fc.constantFrom('a', 'b', 'c') }),
  fc.record({ kind: fc.constant('defaultSection' as const), index: fc.nat(3) }),
  fc.record({ kind: fc.constant('deleteSpace' as const), space: fc.nat(3) }),
);

it('keeps the site invariants under any sequence of calls', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
      const { ctx, actor, organizationId }: { ctx: ServiceContext; actor: Actor; organizationId: string } = service;
      const spaces = [];
      for (let index = 0; index < 4; index++) spaces.push(await ctx.store.createSpace({ organizationId, title: `Space ${index}` }));
      const site = await createSite(ctx, actor, organizationId, { title: 'Random' });
      for (const each of steps) {
        const tree = await ctx.store.readSiteTree(site.id);
        const pick = <T>(items: T[], index: number): T | undefined => items[index % Math.max(items.length, 1)];
        try {
          if (each.kind === 'addSpace') {
            const section = each.section === null ? undefined : pick(tree.sections, each.section);
            await createSiteSpace(ctx, actor, organizationId, site.id, { spaceId: spaces[each.space]!.id, ...(section === undefined ? {} : { sectionId: section.id }) });
          } else if (each.kind === 'addSection') await createSiteSection(ctx, actor, organizationId, site.id, { spaceId: spaces[each.space]!.id });
          else if (each.kind === 'deleteSiteSpace') {
            const target = pick(tree.siteSpaces, each.index);
            if (target !== undefined) await deleteSiteSpace(ctx, actor, organizationId, site.id, target.id);
          } else if (each.kind === 'deleteSection') {
            const target = pick(tree.sections, each.index);
            if (target !== undefined) await deleteSiteSection(ctx, actor, organizationId, site.id, target.id);
          } else if (each.kind === 'pathSiteSpace') {
            const target = pick(tree.siteSpaces, each.index);
            if (target !== undefined) await updateSiteSpace(ctx, actor, organizationId, site.id, target.id, { path: each.path });
          } else if (each.kind === 'pathSection') {
            const target = pick(tree.sections, each.index);
            if (target !== undefined) await updateSiteSection(ctx, actor, organizationId, site.id, target.id, { path: each.path });
          } else if (each.kind === 'defaultSection') {
            const target = pick(tree.sections, each.index);
            if (target !== undefined) await ctx.store.updateSite(site.id, { defaultSectionId: target.id });
          } else await deleteSpace(ctx, actor, spaces[each.space]!.id);
        } catch (error) {
          // Refusals (a taken path, a deleted space) are fine; they must leave the invariants whole.
          if ((error as { code?: string }).code !== 'INVALID_ARGUMENT') throw error;
        }
        await checkInvariants(ctx, site.id);
      }
    }),
    { numRuns: 40 },
  );
});
