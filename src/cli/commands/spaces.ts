import type { Space } from '@gitbook/api';
import { openApiConnection, type ApiConnectionOptions } from '../api-connection.ts';
import { exitCodes } from '../exit-codes.ts';
import type { Terminal } from '../terminal.ts';

/** The options `quire spaces list` and `quire spaces create` share. */
export type SpacesOptions = ApiConnectionOptions & { json?: boolean | undefined };

/** What `quire spaces` prints of a space, also in `--json`. */
export interface SpaceLine {
  id: string;
  title: string;
  visibility: string;
}

const spaceLine = (space: Space): SpaceLine => ({ id: space.id, title: space.title, visibility: space.visibility });

/**
 * `quire spaces list`: the spaces of the organization, one per line (`<id>  <title>`), or a JSON array of
 * `{ id, title, visibility }` with `--json`.
 *
 * @example
 * const code = await spacesList({ data: '.quire', json: true }, processTerminal, process.env);
 */
export async function spacesList(options: SpacesOptions, terminal: Terminal, env: NodeJS.ProcessEnv): Promise<number> {
  const connection = await openApiConnection(options, env);
  try {
    const organizationId = await connection.organizationId();
    const spaces: SpaceLine[] = [];
    for await (const space of connection.client.listSpaces(organizationId)) spaces.push(spaceLine(space));
    if (options.json === true) terminal.out(`${JSON.stringify(spaces, null, 2)}\n`);
    else if (spaces.length === 0) terminal.out(`No spaces in organization ${organizationId}. Make one with \`quire spaces create --title <title>\`, or let \`quire sync\` make one.\n`);
    else for (const space of spaces) terminal.out(`${space.id}  ${space.title}\n`);
    return exitCodes.ok;
  } finally {
    await connection.close();
  }
}

/**
 * `quire spaces create --title T`: makes an empty space and prints its id (with `--json`, `{ id, title,
 * visibility }`). `quire sync --space <id>` fills it from a Git folder.
 *
 * @example
 * const code = await spacesCreate({ data: '.quire', title: 'Handbook' }, processTerminal, process.env);
 */
export async function spacesCreate(options: SpacesOptions & { title: string }, terminal: Terminal, env: NodeJS.ProcessEnv): Promise<number> {
  const title = options.title.trim();
  if (title === '') {
    terminal.err('quire spaces create: --title must not be empty\n');
    return exitCodes.usage;
  }
  const connection = await openApiConnection(options, env);
  try {
    const space = spaceLine(await connection.client.createSpace(await connection.organizationId(), { title }));
    if (options.json === true) terminal.out(`${JSON.stringify(space, null, 2)}\n`);
    else terminal.out(`Created space ${space.id} "${space.title}".\nFill it from a Git folder: quire sync --space ${space.id}\n`);
    return exitCodes.ok;
  } finally {
    await connection.close();
  }
}
