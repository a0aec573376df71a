import { sql } from 'kysely';
import type { IntegrationDeliveriesTable } from '../database-schema.ts';
import type { IntegrationEventLogRecord, IntegrationEventRecord } from './integrations.ts';
import type { StoreContext } from '../store-context.ts';

/** An event waiting in the outbox to be delivered to its integration. */
export interface IntegrationDeliveryRecord {
  /** The event's id: the id its `integration_events` row gets once delivered. */
  id: string;
  integrationId: string;
  installationId?: string;
  type: string;
  /** The published `Event` the script receives. */
  payload: Record<string, unknown>;
  /** The trace of the attempts so far. */
  logs: IntegrationEventLogRecord[];
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt may run (ISO 8601). */
  dueAt: string;
  /** The process holding the delivery, and until when. */
  leaseOwner?: string;
  leaseUntil?: string;
  createdAt: string;
}

export interface NewIntegrationDelivery {
  id: string;
  integrationId: string;
  installationId?: string | undefined;
  type: string;
  payload: Record<string, unknown>;
  logs?: IntegrationEventLogRecord[];
}

/** The installation of an integration on a space, with its organization installation. */
export interface SpaceIntegrationInstallation {
  integrationId: string;
  installationId: string;
}

export interface IntegrationDeliveryStore {
  /**
   * Puts an event in the outbox, due now. Call it in the transaction that makes the event happen, so that the
   * event is delivered if, and only if, that is committed.
   *
   * @example
   * await store.queueIntegrationDelivery({ id: eventId, integrationId, installationId, type: 'installation_setup', payload });
   */
  queueIntegrationDelivery(input: NewIntegrationDelivery): Promise<IntegrationDeliveryRecord>;
  /**
   * Claims up to `limit` deliveries due at `now` that no process holds (or whose lease has run out), for `owner`
   * until `leaseUntil`. Each row is claimed by compare-and-set: when two processes claim at once, a row goes to
   * one of them only.
   *
   * @example
   * const claimed = await store.claimIntegrationDeliveries({ owner: 'p1', now, leaseUntil, limit: 8 });
   */
  claimIntegrationDeliveries(claim: { owner: string; now: string; leaseUntil: string; limit: number }): Promise<IntegrationDeliveryRecord[]>;
  /**
   * Gives back a failed attempt of a delivery `owner` holds: one more attempt counted, `logs` added to its trace,
   * due again at `dueAt`, lease released. False when `owner` no longer holds it.
   */
  retryIntegrationDelivery(id: string, owner: string, retry: { dueAt: string; logs: IntegrationEventLogRecord[] }): Promise<boolean>;
  /**
   * Ends a delivery `owner` holds: the outbox row is deleted and the event recorded with its final status and
   * whole trace (the attempts' logs, then `logs`), in one transaction. Undefined when `owner` no longer holds it.
   */
  finishIntegrationDelivery(id: string, owner: string, outcome: { status: 'success' | 'failed'; logs: IntegrationEventLogRecord[] }): Promise<IntegrationEventRecord | undefined>;
  /** A delivery still in the outbox, or undefined (delivered, or never queued). */
  getIntegrationDelivery(id: string): Promise<IntegrationDeliveryRecord | undefined>;
  /** The signing secret of an integration: `candidate` is kept when it has none yet (the first caller wins). */
  integrationSigningSecret(integrationId: string, candidate: string): Promise<string>;
  /** The installations of integrations on a space (one indexed lookup; empty for most spaces). */
  listSpaceIntegrationInstallations(spaceId: string): Promise<SpaceIntegrationInstallation[]>;
}

/**
 * The integration delivery methods of a Store.
 *
 * @example
 * const deliveries = integrationDeliveryStore(context);
 */
export function integrationDeliveryStore(context: StoreContext): IntegrationDeliveryStore {
  const byId = async (id: string): Promise<IntegrationDeliveryRecord | undefined> => {
    const row = await context.db().selectFrom('integration_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toDelivery(row);
  };
  return {
    async queueIntegrationDelivery(input) {
      const now = context.timestamp();
      const row: IntegrationDeliveriesTable = {
        id: input.id,
        integration_id: input.integrationId,
        installation_id: input.installationId ?? null,
        type: input.type,
        payload: JSON.stringify(input.payload),
        logs: JSON.stringify(input.logs ?? []),
        attempts: 0,
        due_at: now,
        lease_owner: null,
        lease_until: null,
        created_at: now,
      };
      await context.db().insertInto('integration_deliveries').values(row).execute();
      return toDelivery(row);
    },
    async claimIntegrationDeliveries({ owner, now, leaseUntil, limit }) {
      const candidates = await context
        .db()
        .selectFrom('integration_deliveries')
        .select('id')
        .where('due_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .orderBy('due_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      const claimed: IntegrationDeliveryRecord[] = [];
      for (const { id } of candidates) {
        const result = await context
          .db()
          .updateTable('integration_deliveries')
          .set({ lease_owner: owner, lease_until: leaseUntil })
          .where('id', '=', id)
          .where('due_at', '<=', now)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
          .executeTakeFirst();
        if (result.numUpdatedRows !== 1n) continue;
        const row = await byId(id);
        if (row !== undefined && row.leaseOwner === owner) claimed.push(row);
      }
      return claimed;
    },
    async retryIntegrationDelivery(id, owner, retry) {
      return context.transaction(async () => {
        const held = await byId(id);
        if (held === undefined || held.leaseOwner !== owner) return false;
        const result = await context
          .db()
          .updateTable('integration_deliveries')
          .set({ attempts: sql<number>`attempts + 1`, due_at: retry.dueAt, logs: JSON.stringify([...held.logs, ...retry.logs]), lease_owner: null, lease_until: null })
          .where('id', '=', id)
          .where('lease_owner', '=', owner)
          .executeTakeFirst();
        return result.numUpdatedRows === 1n;
      });
    },
    async finishIntegrationDelivery(id, owner, outcome) {
      return context.transaction(async () => {
        const held = await byId(id);
        if (held === undefined || held.leaseOwner !== owner) return undefined;
        const deleted = await context.db().deleteFrom('integration_deliveries').where('id', '=', id).where('lease_owner', '=', owner).executeTakeFirst();
        if (deleted.numDeletedRows !== 1n) return undefined;
        const logs = [...held.logs, ...outcome.logs];
        await context
          .db()
          .insertInto('integration_events')
          .values({
            id,
            integration_id: held.integrationId,
            installation_id: held.installationId ?? null,
            type: held.type,
            status: outcome.status,
            payload: JSON.stringify(held.payload),
            logs: JSON.stringify(logs),
            created_at: held.createdAt,
          })
          .execute();
        const event: IntegrationEventRecord = { id, integrationId: held.integrationId, type: held.type, status: outcome.status, payload: held.payload, logs, createdAt: held.createdAt };
        if (held.installationId !== undefined) event.installationId = held.installationId;
        return event;
      });
    },
    getIntegrationDelivery: byId,
    async integrationSigningSecret(integrationId, candidate) {
      await context
        .db()
        .insertInto('integration_signing_secrets')
        .values({ integration_id: integrationId, secret: candidate, created_at: context.timestamp() })
        .onConflict((conflict) => conflict.column('integration_id').doNothing())
        .execute();
      const row = await context.db().selectFrom('integration_signing_secrets').select('secret').where('integration_id', '=', integrationId).executeTakeFirstOrThrow();
      return row.secret;
    },
    async listSpaceIntegrationInstallations(spaceId) {
      const rows = await context
        .db()
        .selectFrom('integration_content_installations')
        .select(['integration_id', 'installation_id'])
        .where('kind', '=', 'space')
        .where('target_id', '=', spaceId)
        .execute();
      return rows.map((row) => ({ integrationId: row.integration_id, installationId: row.installation_id }));
    },
  };
}

function toDelivery(row: IntegrationDeliveriesTable): IntegrationDeliveryRecord {
  const record: IntegrationDeliveryRecord = {
    id: row.id,
    integrationId: row.integration_id,
    type: row.type,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    logs: JSON.parse(row.logs) as IntegrationEventLogRecord[],
    attempts: Number(row.attempts),
    dueAt: row.due_at,
    createdAt: row.created_at,
  };
  if (row.installation_id !== null) record.installationId = row.installation_id;
  if (row.lease_owner !== null) record.leaseOwner = row.lease_owner;
  if (row.lease_until !== null) record.leaseUntil = row.lease_until;
  return record;
}
