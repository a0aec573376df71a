/**
 * `apply`: carries out a plan. Order matters for safety: commits are written first (locally; pushing is the
 * caller's), then the change request is filled and merged, and only then is each side recorded as synced
 * (`PUT .../revisions/{id}/git`), so a run that stops half-way leaves a state the next run picks up from
 * without losing or repeating anything.
 */
import type { ChangeRequest } from '@gitbook/api';
import { ApiRequestError, type ContentUpdateResult, type EncodedContentChanges } from '../client/index.ts';
import { QuireError } from '../errors/index.ts';
import { resolveRef, writeCommit, type GitIdentity } from '../git/index.ts';
import { encodeBatchAhead, resolvePlaceholders } from './batch-body.ts';
import { halves } from './change-batches.ts';
import type { PlanItem } from './plan-item.ts';
import { previewSubject } from './plan.ts';
import { refOfPlaceholder, type SendableChange } from './planned-change.ts';
import { detachFromRefused, noteRefused, refusedItems, smallerParts, type RefusedCreations } from './refused-changes.ts';
import type { SyncContext } from './sync-context.ts';
import type { PlannedCommit, PlannedImport, SyncPlan } from './sync-plan.ts';
import type { SyncResult } from './sync-result.ts';
import { RevisionGitRecords } from './revision-git-records.ts';
import { uploadFiles, type BlobUploads } from './upload-files.ts';

const defaultAuthor = { name: 'Quire', email: 'sync@quire.invalid' };

/**
 * Carries out `syncPlan`. Conflicts, refused changes and a failed merge leave the change request open and are in
 * the result (`ok: false`); other failures throw. Which commit each revision is goes through `records` (sent at
 * once by default; `runSync` holds the last one back for its sync point request, and flushes it).
 *
 * @example
 * const result = await apply(plan(syncPoint, git, space, options), context);
 * if (!result.ok) console.error(result.conflicts);
 */
export async function apply(syncPlan: SyncPlan, context: SyncContext, records = new RevisionGitRecords(context.client, context.spaceId, false)): Promise<SyncResult> {
  const result: SyncResult = {
    mode: syncPlan.mode,
    dryRun: false,
    // A file the API cannot take (over 1 MB) is reported as failed; the rest is still synced.
    ok: syncPlan.mode !== 'conflict' && syncPlan.mode !== 'needs-preference' && syncPlan.mode !== 'blocked' && !syncPlan.items.some((item) => item.outcome === 'failed'),
    commits: [],
    conflicts: syncPlan.conflicts,
    ...(syncPlan.reason === undefined ? {} : { reason: syncPlan.reason }),
    // Failures planned as such (a file too large to send); those of the import come with its items, once.
    items: syncPlan.items.filter((item) => item.outcome === 'failed' && !(syncPlan.import?.items.includes(item) ?? false)),
    diagnostics: syncPlan.diagnostics,
    requests: context.client.requestCounts(),
  };
  if (syncPlan.mode === 'needs-preference' || syncPlan.mode === 'blocked') return done(result, context);
  await archiveStale(syncPlan, context, result);

  const { options } = context;
  const recordRef = options.pullRequest === undefined ? options.ref : `refs/heads/${options.pullRequest.branch}`;
  const made = await writeCommits(syncPlan.commits, context, result);
  if (result.commits.length > 0 && context.publish !== undefined) await context.publish(result.commits.at(-1)!);

  let importedRevision: string | undefined;
  if (syncPlan.import !== undefined) {
    const imported = await applyImport(syncPlan.import, context, result, records);
    if (imported === undefined) return done(result, context);
    importedRevision = imported.revision;
    if (syncPlan.import.record !== undefined && imported.revision !== undefined) {
      const oid = made.length > 0 ? made.at(-1)!.oid : syncPlan.import.record.oid;
      const message = made.length > 0 ? made.at(-1)!.message : syncPlan.import.record.message;
      await records.record(imported.revision, { oid, message, createdByGitBook: false, ref: recordRef });
      result.commit = oid;
    }
    result.revision = imported.revision;
  }
  if (syncPlan.recordCommits) {
    for (const commit of made) {
      await records.record(commit.revisionId, { oid: commit.oid, message: commit.message, createdByGitBook: true, ref: recordRef });
    }
    if (made.length > 0 && importedRevision === undefined) result.revision = made.at(-1)!.revisionId;
  }
  if (syncPlan.recordLive !== undefined && context.spaceId !== undefined) {
    const live = (await context.client.getSpace(context.spaceId)).revision;
    await records.record(live, { ...syncPlan.recordLive, createdByGitBook: false, ref: recordRef });
    result.revision = live;
    result.commit = syncPlan.recordLive.oid;
  }
  if (made.length > 0) result.commit ??= made.at(-1)!.oid;
  return done(result, context);
}

function done(result: SyncResult, context: SyncContext): SyncResult {
  result.requests = context.client.requestCounts();
  return result;
}

/** Archives the older drafts interrupted runs of this sync left (the newest is resumed by the import). */
async function archiveStale(syncPlan: SyncPlan, context: SyncContext, result: SyncResult): Promise<void> {
  for (const { id } of syncPlan.archive ?? []) await context.client.patchChangeRequest(context.spaceId, id, { status: 'archived' });
  result.items.push(...syncPlan.items.filter((item) => item.kind === 'change-request' && item.outcome === 'deleted'));
}

/** Writes the commits on the branch, one parent each; a commit that changes nothing is not made. */
async function writeCommits(commits: readonly PlannedCommit[], context: SyncContext, result: SyncResult): Promise<Array<{ revisionId: string; oid: string; message: string }>> {
  const made: Array<{ revisionId: string; oid: string; message: string }> = [];
  if (commits.length === 0) return made;
  const { repo, options } = context;
  let head: string | null = await resolveRef(repo, options.ref).catch(() => null);
  const checkout = context.checkout ?? repo.dir !== undefined;
  for (const commit of commits) {
    if (commit.write.size === 0 && commit.delete.length === 0 && head !== null) {
      made.push({ revisionId: commit.revisionId, oid: head, message: commit.message });
      continue;
    }
    const author = identity(commit.author ?? context.fallbackAuthor ?? defaultAuthor, commit.timestamp);
    const write = new Map([...commit.write].map(([path, bytes]) => [options.prefix + path, bytes]));
    head = await writeCommit(repo, {
      parent: head,
      changes: { write, delete: commit.delete.map((path) => options.prefix + path) },
      author,
      message: commit.message,
      ref: options.ref,
      checkout: checkout && (await isCheckedOut(context)),
    });
    made.push({ revisionId: commit.revisionId, oid: head, message: commit.message });
    result.commits.push(head);
    result.items.push({ outcome: 'created', side: 'git', kind: 'commit', detail: commit.message }, ...commit.items);
    context.onProgress?.({ kind: 'stage', message: `committed ${head.slice(0, 7)} ${commit.message.split('\n', 1)[0]}` });
  }
  return made;
}

async function isCheckedOut(context: SyncContext): Promise<boolean> {
  const { repo, options } = context;
  if (repo.dir === undefined) return false;
  const head = String(await repo.fs.promises.readFile(`${repo.gitdir}/HEAD`, 'utf8')).trim();
  return head === `ref: ${options.ref}`;
}

function identity(who: { name: string; email: string }, timestamp: number): GitIdentity {
  return { name: who.name, email: who.email, timestamp: Math.max(0, timestamp || Math.floor(Date.now() / 1000)), timezoneOffset: 0 };
}

/**
 * Fills the change request batch by batch, replacing placeholders with the ids the space gives, then merges it
 * (or leaves it open). Returns the merged (or head) revision, or undefined when it stays open because of a
 * conflict or refused changes.
 */
async function applyImport(step: PlannedImport, context: SyncContext, result: SyncResult, records: RevisionGitRecords): Promise<{ revision: string | undefined } | undefined> {
  const { client, spaceId } = context;
  const changeRequest: Pick<ChangeRequest, 'id' | 'number' | 'revision'> =
    step.changeRequest.kind === 'create'
      ? await client.createChangeRequest(spaceId, { subject: step.changeRequest.subject.slice(0, 100) || 'Sync from Git' })
      : { id: step.changeRequest.id, number: step.changeRequest.number, revision: '' };
  result.changeRequest = { id: changeRequest.id, number: changeRequest.number, merged: false };
  const ids = new Map<string, string>();
  const outcome: BatchOutcome = { replaced: new Map(), refused: new Map(), failures: 0, uploads: new Map() };
  let head = changeRequest.revision;
  let sent = 0;
  const total = step.batches.reduce((sum, batch) => sum + batch.length, 0);
  let ahead: { batch: readonly SendableChange[]; body: EncodedContentChanges } | undefined;
  for (const [index, batch] of step.batches.entries()) {
    const sending = sendBatch(batch, context, changeRequest.id, ids, outcome, ahead?.batch === batch ? ahead.body : undefined);
    ahead = undefined;
    const next = step.batches[index + 1];
    if (next !== undefined) {
      // While the space applies this batch, the next one's body is made, when it needs no id this batch gives:
      // the space waited about 8 ms a batch for it otherwise (issue 17). After the request is written (Node writes
      // it in the ticks and microtasks before setImmediate's turn), so it is not held back; a failure meanwhile
      // is not "unhandled", since it is awaited below.
      sending.catch(() => undefined);
      await new Promise((resolve) => setImmediate(resolve));
      const body = encodeBatchAhead(next, ids);
      if (body !== undefined) ahead = { batch: next, body };
    }
    const answer = await sending;
    if (answer !== undefined) head = answer.changeRequest.revision;
    sent += batch.length;
    context.onProgress?.({ kind: 'batch', done: sent, total, changes: batch.length, requests: client.requestCounts().total });
  }
  // Each item once: a refused change's items are reported failed in their place, not next to their plan.
  result.items.push(...step.items.map((item) => outcome.replaced.get(item) ?? item));
  if (outcome.failures > 0) {
    await keepForNextRun(context, changeRequest.id, step, head, records);
    result.ok = false;
    result.reason =
      `${outcome.failures} change(s) were refused; change request #${changeRequest.number} holds everything else and is left open. ` +
      'The next sync adds what Git changes since to it and merges it once nothing is refused.';
    return undefined;
  }
  if (!step.merge) {
    await openForReview(context, changeRequest.id, step);
    if (step.record !== undefined) {
      head ||= (await client.getChangeRequest(spaceId, changeRequest.id)).revision;
      const ref = context.options.pullRequest === undefined ? context.options.ref : `refs/heads/${context.options.pullRequest.branch}`;
      await records.record(head, { oid: step.record.oid, message: step.record.message, createdByGitBook: false, ref });
    }
    return result.mode === 'conflict' ? undefined : { revision: undefined };
  }
  const merge = await client.mergeChangeRequest(spaceId, changeRequest.id);
  if (merge.result === 'conflicts') {
    result.ok = false;
    result.mode = 'conflict';
    result.reason = `the space changed while syncing and change request #${changeRequest.number} does not merge cleanly; it is left open`;
    return undefined;
  }
  result.changeRequest.merged = true;
  return { revision: merge.revision };
}

/** A change request left open is marked ready for review (it is made a draft), with the subject the plan gives it. */
async function openForReview(context: SyncContext, changeRequestId: string, step: PlannedImport): Promise<void> {
  const subject = step.changeRequest.kind === 'create' ? undefined : step.changeRequest.subject;
  await context.client.patchChangeRequest(context.spaceId, changeRequestId, { status: 'open', ...(subject === undefined ? {} : { subject }) });
}

/**
 * A change request that holds refused changes stays open, marked and recorded like a conflict's (its subject
 * starts with `[git:<branch>]`, its revision records the commit): the next run finds it, adds what Git changed
 * since, and merges it once nothing is refused, rather than opening one more.
 */
async function keepForNextRun(context: SyncContext, changeRequestId: string, step: PlannedImport, head: string, records: RevisionGitRecords): Promise<void> {
  const { client, spaceId, options } = context;
  const planned = step.changeRequest.subject;
  const branch = options.ref.startsWith('refs/heads/') ? options.ref.slice('refs/heads/'.length) : options.ref;
  const subject = planned.startsWith('[git:') ? planned : previewSubject(options.pullRequest?.branch ?? branch, undefined, planned);
  await client.patchChangeRequest(spaceId, changeRequestId, { status: 'open', subject });
  if (step.record === undefined) return;
  const revision = head || (await client.getChangeRequest(spaceId, changeRequestId)).revision;
  const ref = options.pullRequest === undefined ? options.ref : `refs/heads/${options.pullRequest.branch}`;
  await records.record(revision, { oid: step.record.oid, message: step.record.message, createdByGitBook: false, ref });
}

/** What the batches of one change request came to: items replaced by their failure, refused creations, failures. */
interface BatchOutcome {
  replaced: Map<PlanItem, PlanItem>;
  refused: RefusedCreations;
  failures: number;
  /** The files uploaded for the change request so far: none is sent twice. */
  uploads: BlobUploads;
}

/**
 * Sends one batch. A batch the space refuses as a whole (400) is sent again change by change (a change with
 * independent parts, part by part: `smallerParts`), so every refused change is reported with its path (and line)
 * and the others still land; a change that needs what a refused one would have created goes in without it where
 * it can (`detachFromRefused`). The files the batch names by `blob` are uploaded first; a batch refused for its
 * size (413) is sent again in two halves, so it never stops the sync half-way.
 */
async function sendBatch(
  batch: readonly SendableChange[],
  context: SyncContext,
  changeRequestId: string,
  ids: Map<string, string>,
  outcome: BatchOutcome,
  encodedAhead?: EncodedContentChanges,
): Promise<ContentUpdateResult | undefined> {
  const { client, spaceId } = context;
  const fail = (planned: SendableChange, reason: string) => {
    outcome.failures += 1;
    noteRefused(outcome.refused, planned);
    refusedItems(planned.items, reason).forEach((item, index) => outcome.replaced.set(planned.items[index]!, item));
  };
  const ready: SendableChange[] = [];
  for (const planned of batch) {
    const missing = planned.needs.filter((placeholder) => !ids.has(placeholder));
    if (missing.length === 0) {
      ready.push(planned);
      continue;
    }
    const detached = detachFromRefused(planned, missing, outcome.refused);
    if ('reason' in detached) {
      fail(planned, detached.reason);
      continue;
    }
    if (detached.note !== undefined) for (const item of planned.items) outcome.replaced.set(item, { ...item, detail: detached.note });
    ready.push(detached.change);
  }
  const uploaded = await uploadFiles(ready, context, outcome.uploads, fail);
  if (uploaded.length === 0) return undefined;
  try {
    // The changes are the repository's files: the space stores them as Git wrote them (no link rewritten on moves).
    // The body made ahead (`encodeBatchAhead`) is these same changes, when nothing of the batch was left out.
    const changes = encodedAhead !== undefined && uploaded.length === batch.length ? encodedAhead : uploaded.map((planned) => resolvePlaceholders(planned.change, ids));
    const answer = await client.updateChangeRequestContent(spaceId, changeRequestId, changes, { origin: 'git' });
    learnIds(answer, uploaded, ids);
    return answer;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 413 && uploaded.length > 1) {
      // Too large a body for this server (or a proxy in front of it): the same changes, in two smaller requests.
      let last: ContentUpdateResult | undefined;
      for (const half of halves(uploaded)) last = (await sendBatch(half, context, changeRequestId, ids, outcome)) ?? last;
      return last;
    }
    if (!(error instanceof ApiRequestError) || (error.status !== 400 && error.status !== 413)) throw error;
    const split = uploaded.length === 1 && error.status === 400 ? smallerParts(uploaded[0]!) : uploaded.length === 1 ? undefined : uploaded;
    if (split === undefined) {
      fail(uploaded[0]!, error.data.serverMessage ?? error.message);
      return undefined;
    }
    let last: ContentUpdateResult | undefined;
    for (const planned of split) last = (await sendBatch([planned], context, changeRequestId, ids, outcome)) ?? last;
    return last;
  }
}

/** Reads the ids the space gave what the batch created: pages by their `ref`, files in the order they were sent. */
function learnIds(answer: ContentUpdateResult, batch: readonly SendableChange[], ids: Map<string, string>): void {
  for (const outcome of answer.changes ?? []) {
    if (outcome.object === 'created_page' && outcome.ref !== undefined) ids.set(`@${outcome.ref}`, outcome.page.id);
  }
  const fileRefs = batch.filter((planned) => planned.change.operation === 'insert_files').flatMap((planned) => planned.creates);
  (answer.insertedFiles ?? []).forEach((file, index) => {
    const placeholder = fileRefs[index];
    if (placeholder !== undefined) ids.set(placeholder, file.id);
  });
  for (const planned of batch) {
    for (const placeholder of planned.creates) {
      if (!ids.has(placeholder) && planned.change.operation !== 'insert_files') {
        throw new QuireError('API_INVALID_RESPONSE', `the space did not say which page it created for ref ${refOfPlaceholder(placeholder)} (is compat=false supported?)`, { ref: refOfPlaceholder(placeholder) });
      }
    }
  }
}
