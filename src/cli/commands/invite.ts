import type { MemberRoleOrGuest } from '@gitbook/api';
import { QuireError } from '../../errors/index.ts';
import { openApiConnection, type ApiConnectionOptions } from '../api-connection.ts';
import { exitCodes } from '../exit-codes.ts';
import type { Terminal } from '../terminal.ts';

/** The options every `quire invite` command takes: where the API is, and the organization (`--org`). */
export type InviteOptions = ApiConnectionOptions & { org?: string | undefined; json?: boolean | undefined };

const roles = ['admin', 'create', 'edit', 'review', 'comment', 'read', 'guest'] as const;

/** `--org` is the short name of `--organization`; both name the organization. */
function connectionOptions(options: InviteOptions): ApiConnectionOptions {
  if (options.org !== undefined && options.organization !== undefined && options.org !== options.organization) {
    throw new QuireError('INVALID_ARGUMENT', 'give --org or --organization, not two different ones', { field: 'org' });
  }
  const organization = options.org ?? options.organization;
  return { data: options.data, api: options.api, token: options.token, ...(organization === undefined ? {} : { organization }) };
}

/**
 * `quire invite <email>`: invites an address to the organization with `--role` (default: the organization's
 * default role; `guest` for none) and prints the join link alone on stdout, since the service sends no mail. The
 * invited user joins by POSTing to it with a token of an account with that address.
 *
 * @example
 * const code = await inviteCreate('ada@example.com', { data: '.quire', role: 'edit' }, processTerminal, process.env);
 */
export async function inviteCreate(email: string, options: InviteOptions & { role?: string | undefined }, terminal: Terminal, env: NodeJS.ProcessEnv): Promise<number> {
  const role = parseRole(options.role);
  const connection = await openApiConnection(connectionOptions(options), env);
  try {
    const organizationId = await connection.organizationId();
    const answer = await connection.client.inviteUsers(organizationId, {
      emails: [email],
      ...(role === undefined ? {} : { role: role as MemberRoleOrGuest }),
    });
    const invite = answer.invites?.[0];
    if (options.json === true) {
      terminal.out(`${JSON.stringify({ organization: organizationId, invited: answer.invited, invite: invite ?? null })}\n`);
      return exitCodes.ok;
    }
    if (answer.invited === 0 || invite === undefined) {
      terminal.err(`quire: ${email} is already a member of organization ${organizationId}: nothing to invite\n`);
      return exitCodes.ok;
    }
    terminal.out(`${invite.url}\n`);
    terminal.err(
      `quire: invited ${invite.email} as ${invite.role ?? 'guest'} in organization ${organizationId} (invite ${invite.id}). No mail is sent: give them the link; ` +
        `they join with curl -X POST -H "Authorization: Bearer <their token>" ${invite.url}\n`,
    );
    return exitCodes.ok;
  } finally {
    await connection.close();
  }
}

/**
 * `quire invite list`: the organization's pending e-mail invites and its invite links, one per line
 * (`<id>  email  <address>  <role>  <join link>`, `<id>  link  <role>`), or `{ emails, links }` with `--json`.
 *
 * @example
 * const code = await inviteList({ data: '.quire' }, processTerminal, process.env);
 */
export async function inviteList(options: InviteOptions, terminal: Terminal, env: NodeJS.ProcessEnv): Promise<number> {
  const connection = await openApiConnection(connectionOptions(options), env);
  try {
    const organizationId = await connection.organizationId();
    const emails = [];
    for await (const invite of connection.client.listEmailInvites(organizationId)) emails.push(invite);
    const links = [];
    for await (const link of connection.client.listInviteLinks(organizationId)) links.push({ id: link.id, role: link.role });
    if (options.json === true) {
      terminal.out(`${JSON.stringify({ organization: organizationId, emails, links }, null, 2)}\n`);
    } else if (emails.length + links.length === 0) {
      terminal.out(`No pending invites in organization ${organizationId}. Invite someone with \`quire invite <email>\`.\n`);
    } else {
      for (const invite of emails) terminal.out(`${invite.id}  email  ${invite.email}  ${invite.role ?? 'guest'}  ${invite.url}\n`);
      for (const link of links) terminal.out(`${link.id}  link  ${link.role ?? 'guest'}\n`);
    }
    return exitCodes.ok;
  } finally {
    await connection.close();
  }
}

/**
 * `quire invite revoke <id>`: deletes a pending e-mail invite or an invite link; its link stops working at once.
 * An id the organization does not have is `NOT_FOUND` (exit 2).
 *
 * @example
 * const code = await inviteRevoke('inv1', { data: '.quire' }, processTerminal, process.env);
 */
export async function inviteRevoke(id: string, options: InviteOptions, terminal: Terminal, env: NodeJS.ProcessEnv): Promise<number> {
  const connection = await openApiConnection(connectionOptions(options), env);
  try {
    const organizationId = await connection.organizationId();
    // The delete answers 204 alike for an id that never was: look first, so a typo is reported.
    let known = false;
    for await (const invite of connection.client.listEmailInvites(organizationId)) known ||= invite.id === id;
    if (!known) for await (const link of connection.client.listInviteLinks(organizationId)) known ||= link.id === id;
    if (!known) throw new QuireError('NOT_FOUND', `invite ${id} does not exist in organization ${organizationId} (quire invite list shows them)`, { field: 'id' });
    await connection.client.deleteInvite(organizationId, id);
    if (options.json === true) terminal.out(`${JSON.stringify({ revoked: id })}\n`);
    else terminal.err(`quire: revoked invite ${id} of organization ${organizationId}\n`);
    return exitCodes.ok;
  } finally {
    await connection.close();
  }
}

function parseRole(role: string | undefined): string | null | undefined {
  if (role === undefined) return undefined;
  if (!(roles as readonly string[]).includes(role)) {
    throw new QuireError('INVALID_ARGUMENT', `--role must be one of ${roles.join(', ')}, not ${JSON.stringify(role)}`, { field: 'role' });
  }
  return role === 'guest' ? null : role;
}
