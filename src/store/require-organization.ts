import { notFound } from './field-checks.ts';
import type { StoreContext } from './store-context.ts';

/**
 * Fails with `NOT_FOUND` unless the organization exists: what everything created in an organization (spaces,
 * collections, sites) checks first, inside its own transaction.
 *
 * @example
 * await requireOrganization(context, input.organizationId);
 */
export async function requireOrganization(context: StoreContext, organizationId: string): Promise<void> {
  const organization = await context.db().selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
  if (organization === undefined) throw notFound('organization', organizationId);
}
