import type { Site, SiteSection, Space } from '@gitbook/api';
import { isQuireError } from '../../errors/quire-error.ts';
import { openApiConnection, type ApiConnection, type ApiConnectionOptions } from '../api-connection.ts';
import { exitCodes } from '../exit-codes.ts';
import type { Terminal } from '../terminal.ts';

/** The options every `quire sites` command takes. */
export type SitesOptions = ApiConnectionOptions & { json?: boolean | undefined };

/** The visibilities `quire sites create --visibility` offers (the published SiteVisibility values). */
export const siteVisibilities = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;

/** What `quire sites` prints of a site, also in `--json`. */
export interface SiteLine {
  id: string;
  title: string;
  visibility: string;
  published: boolean;
  /** How many site spaces the site shows. */
  siteSpaces: number;
}

const siteLine = (site: Site): SiteLine => ({ id: site.id, title: site.title, visibility: site.visibility, published: site.published, siteSpaces: site.siteSpaces });

/**
 * `quire sites list`: the sites of the organization, one per line (`<id>  published|unpublished  <title>`), or a
 * JSON array of `{ id, title, visibility, published, siteSpaces }` with `--json`.
 *
 * @example
 * const code = await sitesList({ data: '.quire' }, processTerminal, process.env);
 */
export async function sitesList(options: SitesOptions, terminal: Terminal, env: NodeJS.ProcessEnv): Promise<number> {
  const connection = await openApiConnection(options, env);
  try {
    const organizationId = await connection.organizationId();
    const sites: SiteLine[] = [];
    for await (const site of connection.client.listSites(organizationId)) sites.push(siteLine(site));
    if (options.json === true) terminal.out(`${JSON.stringify(sites, null, 2)}\n`);
    else if (sites.length === 0) terminal.out(`No sites in organization ${organizationId}. Make one with \`quire sites create --title <title> --space <spaceId>\`.\n`);
    else for (const site of sites) terminal.out(`${site.id}  ${site.published ? 'published  ' : 'unpublished'}  ${site.title}\n`);
    return exitCodes.ok;
  } finally {
    await connection.close();
  }
}

/** The options of `quire sites create`. */
export type SitesCreateOptions = SitesOptions & { title: string; space: readonly string[]; visibility?: (typeof siteVisibilities)[number] | undefined };

/**
 * `quire sites create --title T --space S [--space S2 ...]`: makes an unpublished site of the spaces. One space is
 * the whole site; several become one section each (a tab titled like its space), in the order given. Every space
 * is read first, so a wrong id makes no site. With `--json`, the site and its `spaces` (and `sections`).
 *
 * @example
 * const code = await sitesCreate({ data: '.quire', title: 'Docs', space: ['space1', 'space2'] }, processTerminal, process.env);
 */
export async function sitesCreate(options: SitesCreateOptions, terminal: Terminal, env: NodeJS.ProcessEnv): Promise<number> {
  const title = options.title.trim();
  const problem =
    title === ''
      ? '--title must not be empty'
      : options.space.length === 0
        ? '--space <spaceId> is required: the space the site shows (repeat it for one section per space)'
        : new Set(options.space).size !== options.space.length
          ? `--space names the same space twice (${options.space.find((id, index) => options.space.indexOf(id) !== index)})`
          : undefined;
  if (problem !== undefined) {
    terminal.err(`quire sites create: ${problem}\n`);
    return exitCodes.usage;
  }
  const connection = await openApiConnection(options, env);
  try {
    const { client } = connection;
    const organizationId = await connection.organizationId();
    const spaces: Space[] = [];
    for (const id of options.space) {
      const space = await client.getSpace(id).catch((error: unknown) => {
        if (isQuireError(error, 'API_REQUEST_FAILED') && error.status === 404) return undefined;
        throw error;
      });
      if (space === undefined) {
        terminal.err(`quire sites create: --space ${id}: there is no such space (quire spaces list shows them); no site was made\n`);
        return exitCodes.inputErrors;
      }
      spaces.push(space);
    }
    const site = await client.createSite(organizationId, { title, visibility: options.visibility ?? 'public' });
    const sections: SiteSection[] = [];
    if (spaces.length === 1) await client.addSpaceToSite(organizationId, site.id, spaces[0]!.id);
    else for (const space of spaces) sections.push(await client.addSectionToSite(organizationId, site.id, space.id, { title: space.title }));
    const created = siteLine(await client.getSite(organizationId, site.id));
    if (options.json === true) {
      const sectionLines = sections.map((section) => ({ id: section.id, title: section.title, path: section.path, space: section.siteSpaces[0]?.space.id ?? null }));
      terminal.out(`${JSON.stringify({ ...created, spaces: spaces.map((space) => space.id), ...(sections.length > 0 ? { sections: sectionLines } : {}) }, null, 2)}\n`);
    } else {
      const shows = sections.length === 0 ? `space ${spaces[0]!.id} "${spaces[0]!.title}"` : `${sections.length} sections: ${sections.map((section, index) => `"${section.title}" (space ${spaces[index]!.id})`).join(', ')}`;
      terminal.out(`Created site ${created.id} "${created.title}" (${created.visibility}, not published yet), showing ${shows}.\nPublish it: quire sites publish ${created.id}\n`);
    }
    return exitCodes.ok;
  } finally {
    await connection.close();
  }
}

/**
 * `quire sites publish <site>` and `quire sites unpublish <site>`: makes the site's published profile readable
 * (what `quire export --site` reads), or no longer readable; its content is kept either way.
 *
 * @example
 * const code = await sitesSetPublished('site1', true, { data: '.quire' }, processTerminal, process.env);
 */
export async function sitesSetPublished(siteId: string, published: boolean, options: SitesOptions, terminal: Terminal, env: NodeJS.ProcessEnv): Promise<number> {
  const command = `quire sites ${published ? 'publish' : 'unpublish'}`;
  const connection = await openApiConnection(options, env);
  try {
    const organizationId = await connection.organizationId();
    const site = await changePublished(connection, organizationId, siteId, published);
    if (site === undefined) {
      terminal.err(`${command}: there is no site ${siteId} in organization ${organizationId} (quire sites list shows them)\n`);
      return exitCodes.inputErrors;
    }
    const line = siteLine(site);
    if (options.json === true) terminal.out(`${JSON.stringify(line, null, 2)}\n`);
    else if (published) terminal.out(`Published site ${line.id} "${line.title}" (${line.visibility}).\nExport it: quire export --site ${line.id} --out site\n`);
    else terminal.out(`Unpublished site ${line.id} "${line.title}": it can no longer be read or exported until it is published again.\n`);
    return exitCodes.ok;
  } finally {
    await connection.close();
  }
}

/** Publishes or unpublishes a site; undefined when the organization has no such site. */
async function changePublished(connection: ApiConnection, organizationId: string, siteId: string, published: boolean): Promise<Site | undefined> {
  try {
    return published ? await connection.client.publishSite(organizationId, siteId) : await connection.client.unpublishSite(organizationId, siteId);
  } catch (error) {
    if (isQuireError(error, 'API_REQUEST_FAILED') && error.status === 404) return undefined;
    throw error;
  }
}
