import { randomUUID } from 'node:crypto';
import { isQuireError } from '../../errors/index.ts';
import type { IntegrationDeliveryRecord, IntegrationEventLogRecord, IntegrationInstallationRecord, IntegrationRecord } from '../../store/index.ts';
import { dispatchRequest, type IntegrationDispatch } from './integration-dispatch-request.ts';
import { integrationEnvironment, integrationSigningSecret, latestIntegrationScript } from './integration-environment.ts';
import type { IntegrationRuntime } from './integration-runtime.ts';
import { integrationSignatureHeader, signIntegrationBody } from './integration-signature.ts';
import type { ServiceContext } from '../service-context.ts';

/*
 * Event delivery. Recording an event puts it in the outbox (`integration_deliveries`) in the transaction of
 * whatever caused it; a delivery loop in each service process claims due rows under a lease (compare-and-set in
 * the store, so two processes never deliver one twice), hands each to the integration's script through the
 * runtime — or, in development mode, POSTs the same dispatch form to the tunnel, signed with
 * x-gitbook-integration-signature — and then records the event with its status and trace, or retries it with
 * exponential backoff until `maxAttempts`. Nothing here runs in the request that caused the event; rows left
 * when a process stops are delivered by the next one (a held row once its lease runs out).
 */

export interface IntegrationDeliveryOptions {
  /** How often the loop looks for due rows when nothing woke it. */
  pollMs: number;
  /** How long a claimed row is held; a process that dies holding it lets it go after this. */
  leaseMs: number;
  /** Attempts before the event is recorded as failed. */
  maxAttempts: number;
  /** The wait after the first failed attempt; it doubles after each. */
  backoffMs: number;
  /** The longest wait between attempts. */
  maxBackoffMs: number;
  /** Rows claimed at once. */
  batch: number;
  /** How long a tunnel may take to answer. */
  tunnelTimeoutMs: number;
}

export const defaultIntegrationDeliveryOptions: IntegrationDeliveryOptions = {
  pollMs: 2_000,
  leaseMs: 60_000,
  maxAttempts: 6,
  backoffMs: 2_000,
  maxBackoffMs: 10 * 60_000,
  batch: 4,
  tunnelTimeoutMs: 10_000,
};

/** The delivery loop of one service process. */
export interface IntegrationDeliveryLoop {
  /** Looks for due rows soon (after the caller's transaction is committed), without waiting for the next poll. */
  wake(): void;
  /** Claims and delivers what is due now; resolves when those deliveries are done (tests call it). */
  runOnce(): Promise<number>;
  /** Stops the loop and waits for the deliveries in progress; rows not claimed stay for the next process. */
  close(): Promise<void>;
}

/** An event to deliver: the published `Event` (its `type` and `eventId` included) and who it is for. */
export interface IntegrationEventToQueue {
  integrationId: string;
  installationId?: string | undefined;
  payload: { type: string; eventId: string } & Record<string, unknown>;
}

/**
 * Puts an event in the outbox and wakes this process's delivery loop. Call it inside the transaction of what
 * caused the event: the event is delivered when, and only when, that is committed.
 *
 * @example
 * await queueIntegrationEvent(ctx, { integrationId, installationId, payload: { type: 'installation_setup', eventId, installationId, status } });
 */
export async function queueIntegrationEvent(ctx: ServiceContext, event: IntegrationEventToQueue): Promise<IntegrationDeliveryRecord> {
  const queued = await ctx.store.queueIntegrationDelivery({
    id: event.payload.eventId,
    integrationId: event.integrationId,
    installationId: event.installationId,
    type: event.payload.type,
    payload: event.payload,
    logs: [{ message: `${event.payload.type} queued for delivery`, timestamp: ctx.clock().toISOString(), level: 'debug' }],
  });
  ctx.integrationDeliveries?.wake();
  return queued;
}

/**
 * A new event id: `evt-` and 20 random characters.
 *
 * @example
 * newIntegrationEventId() // → 'evt-3f9c…'
 */
export function newIntegrationEventId(): string {
  return `evt-${randomUUID().replace(/-/g, '').slice(0, 20)}`;
}

/**
 * Queues `space_content_updated` for every integration installed on the space (one indexed lookup; nothing
 * when there is none): called where a space's head moves, with the new revision.
 *
 * @example
 * await queueSpaceContentUpdated(ctx, spaceId, revisionId);
 */
export async function queueSpaceContentUpdated(ctx: ServiceContext, spaceId: string, revisionId: string): Promise<void> {
  const installed = await ctx.store.listSpaceIntegrationInstallations(spaceId);
  for (const { integrationId, installationId } of installed) {
    await queueIntegrationEvent(ctx, { integrationId, installationId, payload: { type: 'space_content_updated', eventId: newIntegrationEventId(), spaceId, revisionId } });
  }
}

/**
 * Starts the delivery loop of a service process: it polls every `pollMs` and when woken, and delivers through
 * `ctx.integrationRuntime` (events for scripts wait while the context has none).
 *
 * @example
 * const loop = startIntegrationDeliveryLoop(ctx);
 * await loop.close();
 */
export function startIntegrationDeliveryLoop(ctx: ServiceContext, options: Partial<IntegrationDeliveryOptions> = {}): IntegrationDeliveryLoop {
  const settings = { ...defaultIntegrationDeliveryOptions, ...options };
  const owner = randomUUID();
  let closed = false;
  let current: Promise<number> | undefined;
  let again = false;
  let woken: NodeJS.Timeout | undefined;

  const runOnce = (): Promise<number> => {
    if (current !== undefined) {
      again = true;
      return current;
    }
    current = (async () => {
      let delivered = 0;
      do {
        again = false;
        const now = ctx.clock();
        const claimed = await ctx.store.claimIntegrationDeliveries({ owner, now: now.toISOString(), leaseUntil: new Date(now.getTime() + settings.leaseMs).toISOString(), limit: settings.batch });
        await Promise.all(claimed.map((delivery) => deliverOne(ctx, settings, owner, delivery)));
        delivered += claimed.length;
        if (claimed.length === settings.batch) again = true;
      } while (again && !closed);
      return delivered;
    })().finally(() => {
      current = undefined;
    });
    return current;
  };
  const tick = () => {
    if (!closed) void runOnce().catch(() => undefined);
  };
  const timer = setInterval(tick, settings.pollMs);
  timer.unref();
  setImmediate(tick);

  return {
    wake() {
      if (closed || woken !== undefined) return;
      // After the caller's transaction: the row is not visible to the loop's connection before it commits.
      woken = setTimeout(() => {
        woken = undefined;
        tick();
      }, 10);
      woken.unref();
    },
    runOnce,
    async close() {
      closed = true;
      clearInterval(timer);
      if (woken !== undefined) clearTimeout(woken);
      await current?.catch(() => undefined);
    },
  };
}

async function deliverOne(ctx: ServiceContext, settings: IntegrationDeliveryOptions, owner: string, delivery: IntegrationDeliveryRecord): Promise<void> {
  const attempt = delivery.attempts + 1;
  let outcome: { ok: boolean; logs: IntegrationEventLogRecord[] };
  try {
    outcome = await attemptDelivery(ctx, settings, delivery, attempt);
  } catch (error) {
    // The integration was unpublished meanwhile: its rows went with it.
    if (isQuireError(error, 'NOT_FOUND')) return;
    outcome = { ok: false, logs: [line(ctx, 'error', `attempt ${attempt}: ${error instanceof Error ? error.message : String(error)}`)] };
  }
  if (outcome.ok) {
    await ctx.store.finishIntegrationDelivery(delivery.id, owner, { status: 'success', logs: outcome.logs });
  } else if (attempt >= settings.maxAttempts) {
    await ctx.store.finishIntegrationDelivery(delivery.id, owner, { status: 'failed', logs: [...outcome.logs, line(ctx, 'error', `gave up after ${attempt} attempts`)] });
  } else {
    const waitMs = Math.min(settings.maxBackoffMs, settings.backoffMs * 2 ** (attempt - 1));
    const dueAt = new Date(ctx.clock().getTime() + waitMs).toISOString();
    await ctx.store.retryIntegrationDelivery(delivery.id, owner, { dueAt, logs: [...outcome.logs, line(ctx, 'warn', `attempt ${attempt} failed; next at ${dueAt}`)] });
  }
}

async function attemptDelivery(ctx: ServiceContext, settings: IntegrationDeliveryOptions, delivery: IntegrationDeliveryRecord, attempt: number): Promise<{ ok: boolean; logs: IntegrationEventLogRecord[] }> {
  const integration = await ctx.store.getIntegrationById(delivery.integrationId);
  const installation = delivery.installationId === undefined ? undefined : await ctx.store.getIntegrationInstallation(integration.id, delivery.installationId).catch(() => undefined);
  const dispatch: IntegrationDispatch = {
    event: delivery.payload as IntegrationDispatch['event'],
    environment: await integrationEnvironment(ctx, integration, { installation }),
  };
  if (goesToTunnel(integration, installation)) {
    const tunnelUrl = integration.development!.tunnelUrl;
    const status = await postToTunnel(ctx, settings, integration, tunnelUrl, dispatch);
    const ok = status >= 200 && status < 300;
    return { ok, logs: [line(ctx, ok ? 'info' : 'error', `attempt ${attempt}: development tunnel ${tunnelUrl} answered HTTP ${status}`)] };
  }
  const runtime = runtimeOf(ctx);
  const script = await latestIntegrationScript(ctx, integration);
  const answer = await runtime.dispatch(script, dispatch);
  const ok = answer.status < 400;
  const logs = answer.logs.map((logged) => ({ message: logged.message, timestamp: logged.timestamp, level: logLevel(logged.level) }));
  logs.push(line(ctx, ok ? 'info' : 'error', `attempt ${attempt}: script version ${script.version} answered HTTP ${answer.status} in ${Math.round(answer.wallMs)} ms${ok ? '' : `: ${answer.body.slice(0, 500)}`}`));
  return { ok, logs };
}

// Development mode takes the owner organization's events, or every organization's with `all`.
function goesToTunnel(integration: IntegrationRecord, installation: IntegrationInstallationRecord | undefined): boolean {
  if (integration.development === undefined) return false;
  return integration.development.all || installation === undefined || installation.organizationId === integration.organizationId;
}

async function postToTunnel(ctx: ServiceContext, settings: IntegrationDeliveryOptions, integration: IntegrationRecord, tunnelUrl: string, dispatch: IntegrationDispatch): Promise<number> {
  const request = dispatchRequest(dispatch);
  const body = new Uint8Array(await request.arrayBuffer());
  const signature = signIntegrationBody(await integrationSigningSecret(ctx, integration.id), body);
  const response = await fetch(tunnelUrl, {
    method: 'POST',
    headers: { 'content-type': request.headers.get('content-type') ?? 'multipart/form-data', [integrationSignatureHeader]: signature },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(settings.tunnelTimeoutMs),
  });
  await response.body?.cancel();
  return response.status;
}

function runtimeOf(ctx: ServiceContext): IntegrationRuntime {
  if (ctx.integrationRuntime === undefined) throw new Error('this service runs no integration scripts (no runtime in its context)');
  return ctx.integrationRuntime;
}

function logLevel(level: string): IntegrationEventLogRecord['level'] {
  if (level === 'warn' || level === 'error' || level === 'debug') return level;
  return level === 'warning' ? 'warn' : 'info';
}

function line(ctx: ServiceContext, level: IntegrationEventLogRecord['level'], message: string): IntegrationEventLogRecord {
  return { message, timestamp: ctx.clock().toISOString(), level };
}
