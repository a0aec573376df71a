import { QuireError } from '../../errors/index.ts';
import { addUser, listOrganizationMembers } from '../../service/index.ts';
import type { MemberRecord, RoleOrGuest } from '../../store/index.ts';
import { exitCodes } from '../exit-codes.ts';
import type { Terminal } from '../terminal.ts';
import { withTokenLocation } from './token-location.ts';

/** Where `quire user` works: the data folder of `quire serve` (and its PostgreSQL database, if any). */
interface DataFolderOptions {
  data: string;
  database?: string;
}

export interface UserAddOptions extends DataFolderOptions {
  name?: string;
  role?: string;
  org?: string;
  json?: boolean;
}

export interface UserListOptions extends DataFolderOptions {
  org?: string;
  json?: boolean;
}

const roles = ['admin', 'create', 'edit', 'review', 'comment', 'read', 'guest'] as const;

/**
 * `quire user add <email>`: on the data folder, creates the user with that e-mail address (when there is none)
 * and makes it a member of the organization (default: the one `quire serve` created) with `--role` (default
 * read; an existing member keeps its role unless `--role` is given). The published API has no operation that
 * creates users, so this works on the data folder only.
 *
 * @example
 * const code = await userAdd('ada@example.com', { data: '.quire', role: 'edit' }, processTerminal);
 */
export async function userAdd(email: string, options: UserAddOptions, terminal: Terminal): Promise<number> {
  const role = parseRole(options.role);
  return withTokenLocation({ data: options.data, database: options.database }, {}, { existing: true }, async (location) => {
    if (location.kind !== 'store') throw new QuireError('INTERNAL', 'quire user works on the data folder only');
    const added = await addUser(location.store, {
      email,
      ...(options.name === undefined ? {} : { displayName: options.name }),
      ...(role === undefined ? {} : { role }),
      ...(options.org === undefined ? {} : { organization: options.org }),
    });
    if (options.json === true) {
      terminal.out(
        `${JSON.stringify({ user: { id: added.user.id, email: added.user.email ?? null, name: added.user.displayName, created: added.createdUser }, organization: added.organization.id, role: added.member.role ?? 'guest', addedToOrganization: added.createdMember })}\n`,
      );
    } else {
      const who = `${added.user.displayName} <${added.user.email ?? added.user.id}> (user ${added.user.id}${added.createdUser ? ', new' : ''})`;
      const verb = added.createdMember ? 'Added' : 'Updated';
      terminal.out(`${verb} ${who}: ${added.member.role ?? 'guest'} in organization ${added.organization.title} (${added.organization.id}).\n`);
      terminal.err(`quire: make a token for them with: quire token create --user ${added.user.email ?? added.user.id}\n`);
    }
    return exitCodes.ok;
  });
}

/**
 * `quire user list`: the members of the organization (default: the one `quire serve` created), oldest first, as
 * a table (id, e-mail, name, role, joined, last seen) or a JSON array with `--json`.
 *
 * @example
 * const code = await userList({ data: '.quire', json: true }, processTerminal);
 */
export async function userList(options: UserListOptions, terminal: Terminal): Promise<number> {
  return withTokenLocation({ data: options.data, database: options.database }, {}, { existing: true }, async (location) => {
    if (location.kind !== 'store') throw new QuireError('INTERNAL', 'quire user works on the data folder only');
    const { members } = await listOrganizationMembers(location.store, options.org);
    if (options.json === true) {
      terminal.out(`${JSON.stringify(members.map(toListedMember), null, 2)}\n`);
    } else {
      terminal.out(formatMemberTable(members));
    }
    return exitCodes.ok;
  });
}

function toListedMember(member: MemberRecord) {
  return {
    id: member.user.id,
    email: member.user.email ?? null,
    name: member.user.displayName,
    role: member.role ?? 'guest',
    disabled: member.disabled,
    joinedAt: member.joinedAt,
    lastSeenAt: member.lastSeenAt ?? null,
    removalRequest: member.removalRequest ?? null,
  };
}

/** One line per member, columns padded to their widest cell, times to the minute in UTC. */
function formatMemberTable(members: readonly MemberRecord[]): string {
  const rows = members.map((member) => [
    member.user.id,
    member.user.email ?? '-',
    member.user.displayName,
    `${member.role ?? 'guest'}${member.disabled ? ' (disabled)' : ''}`,
    minute(member.joinedAt),
    member.lastSeenAt === undefined ? 'never' : minute(member.lastSeenAt),
    member.removalRequest === undefined ? '-' : `asked by ${member.removalRequest.requestedBy} ${minute(member.removalRequest.requestedAt)}`,
  ]);
  const table = [['ID', 'EMAIL', 'NAME', 'ROLE', 'JOINED', 'LAST SEEN', 'REMOVAL'], ...rows];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  return table.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n') + '\n';
}

/** `2026-11-26T09:05:12.345Z` → `2026-11-26 09:05Z`. */
function minute(timestamp: string): string {
  return `${timestamp.slice(0, 10)} ${timestamp.slice(11, 16)}Z`;
}

function parseRole(role: string | undefined): RoleOrGuest | undefined {
  if (role === undefined) return undefined;
  if (!(roles as readonly string[]).includes(role)) {
    throw new QuireError('INVALID_ARGUMENT', `--role must be one of ${roles.join(', ')}, not ${JSON.stringify(role)}`, { field: 'role' });
  }
  return role === 'guest' ? null : (role as Exclude<(typeof roles)[number], 'guest'>);
}
