import { QuireError } from '../../errors/index.ts';
import { mintApiToken } from '../../service/index.ts';
import type { RoleOrGuest } from '../../store/index.ts';
import { exitCodes } from '../exit-codes.ts';
import { openServiceStore } from '../open-service-store.ts';
import type { Terminal } from '../terminal.ts';

export interface TokenCreateOptions {
  data: string;
  database?: string;
  user?: string;
  organization?: string;
  role?: string;
  label?: string;
  json?: boolean;
}

const roles = ['admin', 'create', 'edit', 'review', 'comment', 'read', 'guest'] as const;

/**
 * `quire token create`: mints an API token for a user of an organization (default: the admin and the
 * organization `quire serve` created) and prints it alone on stdout, so scripts can capture it.
 *
 * @example
 * const code = await tokenCreate({ data: '.quire', user: 'ada@example.com', role: 'edit' }, processTerminal);
 */
export async function tokenCreate(options: TokenCreateOptions, terminal: Terminal): Promise<number> {
  const role = parseRole(options.role);
  const store = await openServiceStore({ data: options.data, ...(options.database === undefined ? {} : { database: options.database }) });
  try {
    const minted = await mintApiToken(store, {
      ...(options.user === undefined ? {} : { user: options.user }),
      ...(options.organization === undefined ? {} : { organization: options.organization }),
      ...(role === undefined ? {} : { role }),
      ...(options.label === undefined ? {} : { label: options.label }),
    });
    if (options.json === true) {
      terminal.out(
        `${JSON.stringify({ token: minted.token, user: { id: minted.user.id, email: minted.user.email ?? null, created: minted.createdUser }, organization: minted.organization.id, role: minted.member.role })}\n`,
      );
    } else {
      terminal.out(`${minted.token}\n`);
      terminal.err(
        `quire: token for ${minted.user.email ?? minted.user.id}${minted.createdUser ? ' (new user)' : ''}, ${minted.member.role ?? 'guest'} in organization ${minted.organization.title} (${minted.organization.id})\n`,
      );
    }
    return exitCodes.ok;
  } finally {
    await store.close();
  }
}

function parseRole(role: string | undefined): RoleOrGuest | undefined {
  if (role === undefined) return undefined;
  if (!(roles as readonly string[]).includes(role)) {
    throw new QuireError('INVALID_ARGUMENT', `--role must be one of ${roles.join(', ')}, not ${JSON.stringify(role)}`, { field: 'role' });
  }
  return role === 'guest' ? null : (role as Exclude<(typeof roles)[number], 'guest'>);
}
