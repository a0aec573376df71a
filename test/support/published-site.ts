// A published site of one space, made through the official client on a conformance server: what the export
// tests read. Also a terminal that keeps what a command prints.
import type { ChangeRequestContentChange } from '@gitbook/api';
import { expect } from 'vitest';
import type { Terminal } from '../../src/cli/terminal.ts';
import type { ConformanceServer } from '../conformance/harness.ts';

/**
 * Creates a space holding `changes` (merged through a change request), a public site of it, and publishes the
 * site; returns the site's id.
 *
 * @example
 * const siteId = await publishOneSpaceSite(server, [{ operation: 'insert_page', ref: 'home', title: 'Welcome', document: { markdown: '# Welcome\n' } }]);
 */
export async function publishOneSpaceSite(server: ConformanceServer, changes: ChangeRequestContentChange[]): Promise<string> {
  const api = server.client();
  const organization = server.admin.organization.id;
  const { data: space } = await api.orgs.createSpace(organization, { title: 'Handbook' });
  const { data: changeRequest } = await api.spaces.createChangeRequest(space.id, { subject: 'Pages' });
  await api.spaces.updateChangeRequestContent(space.id, changeRequest.id, { changes });
  expect((await api.spaces.mergeChangeRequest(space.id, changeRequest.id)).data.result).toBe('merge');
  const { data: site } = await api.orgs.createSite(organization, { title: 'Docs', visibility: 'public' } as never);
  await api.orgs.addSpaceToSite(organization, site.id, { spaceId: space.id } as never);
  await api.orgs.publishSite(organization, site.id);
  return site.id;
}

/** A terminal that keeps what a command writes to its standard output and error. */
export function captureTerminal(): Terminal & { output: () => string; errors: () => string } {
  let out = '';
  let err = '';
  return { out: (text) => (out += text), err: (text) => (err += text), interactive: false, output: () => out, errors: () => err };
}
