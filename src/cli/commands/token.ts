import type { ApiTokenInfo } from '../../client/index.ts';
import { QuireError } from '../../errors/index.ts';
import { absentWhenNotFound, listStoredApiTokens, mintApiToken, resolveTokenExpiry } from '../../service/index.ts';
import type { RoleOrGuest, Store } from '../../store/index.ts';
import { exitCodes } from '../exit-codes.ts';
import type { Terminal } from '../terminal.ts';
import { formatTokenTable } from './token-table.ts';
import { withTokenLocation, type TokenLocationOptions } from './token-location.ts';

export interface TokenCreateOptions extends TokenLocationOptions {
  user?: string;
  organization?: string;
  role?: string;
  label?: string;
  expiresIn?: string;
  expiresAt?: string;
  json?: boolean;
}

export interface TokenListOptions extends TokenLocationOptions {
  user?: string;
  organization?: string;
  json?: boolean;
}

export interface TokenRevokeOptions extends TokenLocationOptions {
  organization?: string;
  json?: boolean;
}

const roles = ['admin', 'create', 'edit', 'review', 'comment', 'read', 'guest'] as const;
const cliExpiryNames = { expiresAt: '--expires-at', expiresIn: '--expires-in' };
/** How many tokens a page of `quire token list` asks for: the most the API gives. */
const listPageSize = 1000;

/**
 * `quire token create`: mints an API token and prints it alone on stdout, so scripts can capture it. On the data
 * folder it is for a user of an organization (default: the admin and the organization `quire serve` created);
 * with `--api`, for the `--token`'s own user. `--expires-in 30d` or `--expires-at <ISO>` make it expire.
 *
 * @example
 * const code = await tokenCreate({ data: '.quire', user: 'ada@example.com', role: 'edit', expiresIn: '30d' }, processTerminal, process.env);
 */
export async function tokenCreate(options: TokenCreateOptions, terminal: Terminal, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const role = parseRole(options.role);
  const expiresAt = resolveTokenExpiry({ expiresAt: options.expiresAt, expiresIn: options.expiresIn }, new Date(), cliExpiryNames);
  return withTokenLocation(options, env, { existing: false }, async (location) => {
    if (location.kind === 'api') {
      const local = (['user', 'organization', 'role'] as const).find((name) => options[name] !== undefined);
      if (local !== undefined) {
        throw new QuireError('INVALID_ARGUMENT', `--${local} works on the data folder; with --api the token is for the --token's own user`, { field: local });
      }
      // The service computes the expiry itself, from what was typed (it was checked above).
      const created = await location.connection.client.createApiToken({
        label: options.label ?? 'quire token create',
        ...(options.expiresIn === undefined ? {} : { expiresIn: options.expiresIn }),
        ...(options.expiresAt === undefined ? {} : { expiresAt: options.expiresAt }),
      });
      if (options.json === true) {
        terminal.out(`${JSON.stringify({ token: created.token, id: created.id, user: { id: created.user.id, email: created.user.email ?? null }, expiresAt: created.expiresAt ?? null })}\n`);
      } else {
        terminal.out(`${created.token}\n`);
        terminal.err(`quire: token ${created.id} for ${created.user.email ?? created.user.id}, ${expiryNote(created.expiresAt)}\n`);
      }
      return exitCodes.ok;
    }
    const minted = await mintApiToken(location.store, {
      // People are added with `quire user add`; a mistyped address must not make a new user.
      createUser: false,
      ...(options.user === undefined ? {} : { user: options.user }),
      ...(options.organization === undefined ? {} : { organization: options.organization }),
      ...(role === undefined ? {} : { role }),
      ...(options.label === undefined ? {} : { label: options.label }),
      ...(expiresAt === undefined ? {} : { expiresAt }),
    });
    if (options.json === true) {
      terminal.out(
        `${JSON.stringify({ token: minted.token, id: minted.record.id, user: { id: minted.user.id, email: minted.user.email ?? null, created: minted.createdUser }, organization: minted.organization.id, role: minted.member.role, expiresAt: minted.record.expiresAt ?? null })}\n`,
      );
    } else {
      terminal.out(`${minted.token}\n`);
      terminal.err(
        `quire: token ${minted.record.id} for ${minted.user.email ?? minted.user.id}${minted.createdUser ? ' (new user)' : ''}, ${minted.member.role ?? 'guest'} in organization ${minted.organization.title} (${minted.organization.id}), ${expiryNote(minted.record.expiresAt)}\n`,
      );
    }
    return exitCodes.ok;
  });
}

/**
 * `quire token list`: a table of tokens (id, label, user, created, expires, last used), or a JSON array with
 * `--json`. On the data folder: every token, or a user's (`--user`) or an organization's members'
 * (`--organization`); with `--api`: the `--token`'s user's own, or with `--organization` its members' (admins).
 *
 * @example
 * const code = await tokenList({ data: '.quire', organization: 'org1', json: true }, processTerminal, process.env);
 */
export async function tokenList(options: TokenListOptions, terminal: Terminal, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return withTokenLocation(options, env, { existing: true }, async (location) => {
    const tokens: ApiTokenInfo[] = [];
    if (location.kind === 'api') {
      for await (const token of location.connection.client.listApiTokens({ organizationId: options.organization, limit: listPageSize })) {
        if (options.user === undefined || token.user.id === options.user || token.user.email === options.user) tokens.push(token);
      }
    } else {
      const filter = {
        ...(options.user === undefined ? {} : { userId: await userIdOf(location.store, options.user) }),
        ...(options.organization === undefined ? {} : { organizationId: (await location.store.getOrganization(options.organization)).id }),
      };
      let page: string | undefined;
      do {
        const listed = await listStoredApiTokens(location.store, filter, { limit: listPageSize, ...(page === undefined ? {} : { page }) });
        tokens.push(...listed.items);
        page = listed.next?.page;
      } while (page !== undefined);
    }
    if (options.json === true) terminal.out(`${JSON.stringify(tokens, null, 2)}\n`);
    else if (tokens.length === 0) terminal.out('No API tokens. Make one with `quire token create`.\n');
    else terminal.out(formatTokenTable(tokens, new Date()));
    return exitCodes.ok;
  });
}

/**
 * `quire token revoke <id>`: revokes a token; it is refused from the next request on, by every process of the
 * service. On the data folder any token (with `--organization`, only a member's); with `--api` one of the
 * `--token`'s user's own, or with `--organization` a member's (admins). A token that is not there exits 1.
 *
 * @example
 * const code = await tokenRevoke('tok1', { data: '.quire' }, processTerminal, process.env);
 */
export async function tokenRevoke(tokenId: string, options: TokenRevokeOptions, terminal: Terminal, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return withTokenLocation(options, env, { existing: true }, async (location) => {
    if (location.kind === 'api') {
      await location.connection.client.revokeApiToken(tokenId, { organizationId: options.organization });
    } else if (!(await revokeStoredToken(location.store, tokenId, options.organization))) {
      terminal.err(`quire: NOT_FOUND: API token ${tokenId} does not exist${options.organization === undefined ? '' : `, or is not of a member of organization ${options.organization}`}\n`);
      return exitCodes.inputErrors;
    }
    if (options.json === true) terminal.out(`${JSON.stringify({ revoked: tokenId })}\n`);
    else terminal.out(`Revoked API token ${tokenId}: it is refused from now on.\n`);
    return exitCodes.ok;
  });
}

async function revokeStoredToken(store: Store, tokenId: string, organizationId: string | undefined): Promise<boolean> {
  const record = await store.getApiToken(tokenId);
  if (record === undefined) return false;
  if (organizationId !== undefined) {
    await store.getOrganization(organizationId);
    if ((await absentWhenNotFound(() => store.getMember(organizationId, record.userId))) === undefined) return false;
  }
  return store.deleteApiToken(tokenId);
}

async function userIdOf(store: Store, user: string): Promise<string> {
  if (!user.includes('@')) return (await store.getUser(user)).id;
  const found = await store.findUserByEmail(user);
  if (found === undefined) throw new QuireError('NOT_FOUND', `--user: no user has the e-mail address ${user}`, { field: 'user' });
  return found.id;
}

function expiryNote(expiresAt: string | undefined): string {
  return expiresAt === undefined ? 'does not expire' : `expires ${expiresAt}`;
}

function parseRole(role: string | undefined): RoleOrGuest | undefined {
  if (role === undefined) return undefined;
  if (!(roles as readonly string[]).includes(role)) {
    throw new QuireError('INVALID_ARGUMENT', `--role must be one of ${roles.join(', ')}, not ${JSON.stringify(role)}`, { field: 'role' });
  }
  return role === 'guest' ? null : (role as Exclude<(typeof roles)[number], 'guest'>);
}
