// Integration blocks in an export: rendered once per distinct block by the injected loader before the pages, drawn
// from the ContentKit element; the placeholder with the reason when the loader finds the integration not
// installed, fails, or when the export has no loader at all (`quire build`).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { oneSpaceSite, spaceBundle } from '../render/inline-site-fixture.ts';
import { planSite } from '../render/index.ts';
import { exportSite } from './export-site.ts';
import { loadIntegrationBlocks, type IntegrationBlockLoader } from './load-integration-blocks.ts';

const scratch = mkdtempSync(join(tmpdir(), 'quire-export-integrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const site = () =>
  oneSpaceSite(
    spaceBundle({
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Other](other.md)\n',
      'README.md': '# Home\n\n{% @hello-block/hello name="Ada" %}\n\n{% @mermaid/diagram content="graph TD; A-->B" %}\n\n{% @broken/thing %}\n',
      'other.md': '# Other\n\n{% @hello-block/hello name="Ada" %}\n',
    }),
  );

/** Renders hello-block as its script does; mermaid is not installed; `broken` fails. Counts its calls. */
function fakeLoader(calls: string[]): IntegrationBlockLoader {
  return async (block, context) => {
    calls.push(`${block.integration}/${block.block} ${JSON.stringify(block.props)} in ${context.spaceId}`);
    if (block.integration === 'mermaid') return undefined;
    if (block.integration === 'broken') throw new Error('integration broken answered HTTP 500');
    return {
      element: { type: 'block', children: [{ type: 'card', title: `Hello, ${String(block.props['name'])}!`, children: [{ type: 'text', children: ['Rendered by <hello-block>'] }] }] },
      state: {},
    };
  };
}

describe('exportSite with integration blocks', () => {
  it('renders each distinct block once through the loader, and draws its element in every page that has it', async () => {
    const calls: string[] = [];
    const outDir = join(scratch, 'rendered');
    await exportSite(site(), { outDir, renderIntegrationBlock: fakeLoader(calls) });
    expect(calls.sort()).toEqual([expect.stringMatching(/^broken\/thing \{\} in /), expect.stringMatching(/^hello-block\/hello \{"name":"Ada"\} in /), expect.stringMatching(/^mermaid\/diagram /)]);

    const home = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(home).toContain(
      '<div class="integration-block integration-rendered" data-integration="hello-block" data-block="hello"><div class="contentkit contentkit-block"><div class="contentkit-card"><p class="contentkit-card-title"><strong>Hello, Ada!</strong></p><p class="contentkit-text">Rendered by &#x3C;hello-block></p></div></div></div>',
    );
    expect(home).toContain('Not rendered in this export: the mermaid integration is not installed on the organization (or is not published).');
    expect(home).toContain('<code>graph TD; A-->B</code>');
    expect(home).toContain('Not rendered in this export: integration broken answered HTTP 500.');
    expect(readFileSync(join(outDir, 'other', 'index.html'), 'utf8')).toContain('<strong>Hello, Ada!</strong>');
  });

  it('tells `onLoaded` once every block is rendered by its loader, before any page is rendered', async () => {
    const events: string[] = [];
    const loader = fakeLoader(events);
    await exportSite(site(), {
      outDir: join(scratch, 'loaded'),
      renderIntegrationBlock: async (block, context) => {
        await new Promise((resolve) => setTimeout(resolve, 5)); // answers after the loop has turned
        return loader(block, context);
      },
      onLoaded: () => events.push('loaded'),
      onProgress: (progress) => progress.phase === 'render' && progress.done === 1 && events.push('first page'),
    });
    expect(events.slice(3)).toEqual(['loaded', 'first page']);
    expect(events.slice(0, 3).every((event) => / in /.test(event))).toBe(true);
  });

  it('without a loader (quire build), shows every block as its placeholder, saying the export runs no integrations', async () => {
    const outDir = join(scratch, 'build');
    await exportSite(site(), { outDir });
    const home = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(home).not.toContain('integration-rendered');
    expect(home.match(/Not rendered in this export: this export does not run integrations/g)).toHaveLength(3);
  });

  it('keeps at most the given number of renders in flight', async () => {
    const plan = planSite(
      oneSpaceSite(spaceBundle({ 'README.md': `# Home\n\n${Array.from({ length: 9 }, (_, index) => `{% @hello-block/hello n="${index}" %}`).join('\n\n')}\n` })),
    );
    let inFlight = 0;
    let most = 0;
    const rendered = await loadIntegrationBlocks(
      plan,
      async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return { element: { type: 'block', children: [] } };
      },
      3,
    );
    expect(Object.keys(rendered)).toHaveLength(9);
    expect(most).toBe(3);
  });

  it('refuses an answer that is not a ContentKit element, with a reason', async () => {
    const plan = planSite(oneSpaceSite(spaceBundle({ 'README.md': '# Home\n\n{% @odd/one %}\n' })));
    const rendered = await loadIntegrationBlocks(plan, async () => ({ element: 'nope' as never }));
    expect(Object.values(rendered)).toEqual([{ error: 'the odd integration answered something other than a ContentKit element' }]);
  });
});
