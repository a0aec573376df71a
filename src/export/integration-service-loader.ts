import type { ContentKitRenderOutput } from '@gitbook/api';
import type { ApiClient } from '../client/index.ts';
import type { IntegrationBlockLoader } from './load-integration-blocks.ts';

/** What the service loader needs, injected: whether an integration is installed, and how to render one block. */
export interface ServiceIntegrationSources {
  /** True when the integration is installed on the organization the export is of (asked once per integration). */
  installed: (integrationName: string) => Promise<boolean>;
  /** The render route's answer for a block of a document of `spaceId` (`renderIntegrationUIWithPost`); `undefined` for an unknown integration. */
  render: (integrationName: string, request: { componentId: string; props: Record<string, unknown>; spaceId: string }) => Promise<ContentKitRenderOutput | undefined>;
}

/**
 * The loader of an export from the service: a block of an integration that is installed on the organization is
 * rendered by the service's render route (the script's `ui_render`, with the installation's configuration); an
 * integration not installed, or unknown, gives `undefined` (the page shows the fallback). An answer that is not
 * an element (`complete`) is a failure the page shows.
 *
 * @example
 * const loader = serviceIntegrationBlockLoader({ installed: async () => true, render: (name, request) => client.renderIntegrationBlock(name, …) });
 */
export function serviceIntegrationBlockLoader(sources: ServiceIntegrationSources): IntegrationBlockLoader {
  const installed = new Map<string, Promise<boolean>>();
  return async (block, context) => {
    let known = installed.get(block.integration);
    if (known === undefined) installed.set(block.integration, (known = sources.installed(block.integration)));
    if (!(await known)) return undefined;
    const output = await sources.render(block.integration, { componentId: block.block, props: block.props, spaceId: context.spaceId });
    if (output === undefined) return undefined;
    if (output.type !== 'element') throw new Error(`the ${block.integration} integration answered "${String(output.type)}" to the render of ${block.block}, not an element`);
    return { element: output.element, state: output.state as Record<string, unknown> };
  };
}

/**
 * What `quire export` and the demo render integration blocks with: installed means an installation of the
 * integration on the organization among those the token sees (`listIntegrationInstallations` lists the
 * organizations it administers); blocks are rendered through the render route in the light theme, read-only.
 * The organization may be given as a function, asked only when a page has an integration block.
 *
 * @example
 * await exportSite(site, { outDir, renderIntegrationBlock: siteIntegrationBlockLoader(client, organizationId) });
 */
export function siteIntegrationBlockLoader(client: Pick<ApiClient, 'listIntegrationInstallations' | 'renderIntegrationBlock'>, organizationId: string | (() => Promise<string>)): IntegrationBlockLoader {
  let organization: Promise<string> | undefined;
  const organizationOf = () => (organization ??= typeof organizationId === 'string' ? Promise.resolve(organizationId) : organizationId());
  return serviceIntegrationBlockLoader({
    installed: async (integrationName) => {
      const wanted = await organizationOf();
      for await (const installation of client.listIntegrationInstallations(integrationName)) if (installation.target.organization === wanted) return true;
      return false;
    },
    render: (integrationName, { componentId, props, spaceId }) =>
      client.renderIntegrationBlock(integrationName, { componentId, props, context: { type: 'document', theme: 'light', spaceId, editable: false } }),
  });
}
