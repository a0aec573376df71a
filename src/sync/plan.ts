/**
 * `plan`: pure. From the sync point and what each side holds, decides what to do: which revisions become
 * commits, which content changes go into which change request, whether it is merged, and what is recorded so
 * the next run starts from here. Nothing on either side is overwritten unless `prefer` says so; a revision that
 * carries `git` is never exported and a commit made by export is never imported (both sit at or before the sync
 * point the run records).
 */
import { QuireError } from '../errors/index.ts';
import type { Diagnostic } from '../model/index.ts';
import { PageTextMemo, readDirectory } from '../format/index.ts';
import { alignIds } from './id-alignment.ts';
import { batchChanges, type BatchLimits } from './change-batches.ts';
import { exportCommitMessage } from './commit-message.ts';
import { planContentChanges } from './content-changes.ts';
import { applyDelta, composeDeltas, deltaBetween, sameBytes, type DirectoryBytes, type DirectoryDelta } from './directory-delta.ts';
import { planInPlaceChanges } from './fast-content-changes.ts';
import type { FileLimits } from './file-limits.ts';
import { withRefusedFiles } from './refused-files.ts';
import { locationsOf } from './git-path-locations.ts';
import type { PlanItem } from './plan-item.ts';
import type { PlannedChange } from './planned-change.ts';
import { reconcile } from './reconcile.ts';
import type { SyncOptions } from './sync-options.ts';
import type { PlannedCommit, PlannedImport, SyncPlan } from './sync-plan.ts';
import type { GitSide, RevisionContent, SpaceSide, SyncPoint } from './sync-sides.ts';

/**
 * Plans a sync run.
 *
 * @example
 * const sides = await readSyncSides(context);
 * const syncPlan = plan(sides.syncPoint, sides.git, sides.space, options);
 * if (syncPlan.mode === 'conflict') console.log(syncPlan.conflicts);
 */
export function plan(syncPoint: SyncPoint | undefined, git: GitSide, space: SpaceSide, options: SyncOptions): SyncPlan {
  const result: SyncPlan = {
    mode: 'in-sync',
    syncPoint,
    commits: [],
    recordCommits: true,
    import: undefined,
    recordLive: undefined,
    conflicts: [],
    diagnostics: [],
    items: [],
  };
  const planned =
    options.pullRequest !== undefined ? planPreview(result, syncPoint, git, space, options)
    : syncPoint === undefined ? planFirstSync(result, git, space, options)
    : planSince(result, syncPoint, git, space, options);
  planned.diagnostics = repositoryDiagnostics(planned.diagnostics, options.prefix);
  return withStaleChangeRequests(withRefusedFiles(planned, space.refusedFiles), space.staleChangeRequests ?? []);
}

/**
 * Older drafts interrupted runs of this sync left, besides the one resumed: archived (their content is what an
 * earlier run meant to send; the resumed one is brought to what Git holds now), and listed as deleted.
 */
function withStaleChangeRequests(planned: SyncPlan, stale: NonNullable<SpaceSide['staleChangeRequests']>): SyncPlan {
  if (stale.length === 0 || planned.mode === 'needs-preference' || planned.mode === 'blocked') return planned;
  planned.archive = stale;
  const detail = 'a draft an interrupted sync run left; archived';
  planned.items = [...planned.items, ...stale.map((changeRequest): PlanItem => ({ outcome: 'deleted', side: 'space', kind: 'change-request', title: `#${changeRequest.number} ${changeRequest.subject}`, detail }))];
  return planned;
}

/**
 * The format's diagnostics as the repository sees them: each once, with paths from the repository's root (the
 * synced folder, `prefix`, included), so `<path>:<line>` opens the right file.
 *
 * @example
 * repositoryDiagnostics([warning, warning], 'docs/')[0].path // → 'docs/page.md'
 */
export function repositoryDiagnostics(diagnostics: readonly Diagnostic[], prefix: string): Diagnostic[] {
  const seen = new Set<string>();
  const unique: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    const key = JSON.stringify([diagnostic.severity, diagnostic.code, diagnostic.path, diagnostic.line, diagnostic.message]);
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push({ ...diagnostic, path: prefix + diagnostic.path });
  }
  return unique;
}

/** No sync point: an empty side takes the other's content; two full sides need `prefer`, unless they agree. */
function planFirstSync(result: SyncPlan, git: GitSide, space: SpaceSide, options: SyncOptions): SyncPlan {
  const head = git.head;
  const gitEmpty = git.headFiles.size === 0;
  if (gitEmpty && space.isEmpty) return result;
  const spaceFiles = space.files ?? new Map<string, Uint8Array>();
  if (space.isEmpty || (!gitEmpty && options.prefer === 'git' && options.direction !== 'space-to-git')) {
    if (options.direction === 'space-to-git') return blocked(result, 'the space is empty and --direction space-to-git does not import from Git');
    // A change request an earlier run left open (some changes were refused) is written into again, not doubled.
    const target = space.target;
    const from = target !== undefined ? applyDelta(new Map(), target.changes) : space.isEmpty ? new Map<string, Uint8Array>() : spaceFiles;
    const changes = contentChanges(result, from, git.headFiles, target?.content ?? liveContent(space), head?.timestamp, space.fileLimits);
    result.mode = 'import';
    // Marked from its creation, so a run that dies before the merge leaves a change request the next one resumes.
    const subject = previewSubject(branchName(options.ref), undefined, head!.subject);
    result.import = importStep(space.batchLimits, target ? existing(target) : { kind: 'create', subject }, changes, true, { oid: head!.oid, message: head!.message });
    return finish(result);
  }
  if (gitEmpty || options.prefer === 'space') {
    if (options.direction === 'git-to-space') return blocked(result, 'Git has no content here and --direction git-to-space does not export from the space');
    const delta = deltaBetween(git.headFiles, spaceFiles);
    result.mode = 'export';
    result.commits.push(commitFrom(space.live.id, `${options.messagePrefix}: Export the space's content`, undefined, head?.timestamp ?? 0, delta));
    return finish(result);
  }
  if (deltaBetween(git.headFiles, spaceFiles).size === 0) {
    result.recordLive = { oid: head!.oid, message: head!.message };
    return result;
  }
  result.mode = 'needs-preference';
  result.reason =
    'both Git and the space have content and they were never synced. Choose which side wins with --prefer git (the space takes ' +
    'the repository\'s content, in a change request that is merged) or --prefer space (a commit takes the space\'s content); ' +
    'the other side\'s content stays in its history.';
  return result;
}

/** From a sync point: reconcile what each side changed since, then export, import, or both. */
function planSince(result: SyncPlan, syncPoint: SyncPoint, git: GitSide, space: SpaceSide, options: SyncOptions): SyncPlan {
  const spaceChanges = space.revisions.reduce<DirectoryDelta>((delta, revision) => composeDeltas(delta, revision.changes), new Map());
  if (options.direction === 'space-to-git' && git.changes.size > 0 && space.revisions.length > 0) {
    return blocked(result, `Git changed ${git.changes.size} file(s) since the last sync and --direction space-to-git would leave them out of the space; run with --direction both`);
  }
  const reconciled = reconcile(git.changes, spaceChanges, (path) => git.baseFiles.get(path), options.prefer);
  const gitState = (path: string): Uint8Array | null | undefined => (git.changes.has(path) ? git.changes.get(path)! : git.baseFiles.get(path));
  const spaceState = (path: string): Uint8Array | null | undefined => (spaceChanges.has(path) ? spaceChanges.get(path)! : git.baseFiles.get(path));
  const spaceNeeds = new Map([...reconciled.merged].filter(([path, bytes]) => !sameBytes(spaceState(path) ?? null, bytes)));
  const target = space.target;

  if (reconciled.conflicts.length > 0) {
    result.mode = 'conflict';
    result.conflicts = reconciled.conflicts.map((conflict) => ({ ...conflict, ...titleAt(liveContent(space), conflict.path) }));
    const from = applyDelta(git.baseFiles, target?.changes ?? spaceChanges);
    const changes = contentChanges(result, from, applyDelta(git.baseFiles, reconciled.merged), target?.content ?? liveContent(space), git.head?.timestamp, space.fileLimits);
    // Marked like a pull request's change request and recorded with the commit, so the next run finds it again:
    // it is updated rather than doubled, and merged once the conflict is resolved.
    const subject = previewSubject(branchName(options.ref), undefined, git.lastChange?.subject ?? git.head!.subject);
    result.import = importStep(space.batchLimits, target ? existing(target) : { kind: 'create', subject }, changes, false, { oid: git.head!.oid, message: git.head!.message });
    return finish(result);
  }

  const exporting = options.direction !== 'git-to-space' && space.revisions.length > 0;
  if (exporting) {
    const lastTouch = new Map<string, number>();
    space.revisions.forEach((revision, index) => {
      for (const path of revision.changes.keys()) lastTouch.set(path, index);
    });
    const written = new Map<string, Uint8Array | null>();
    space.revisions.forEach((revision, index) => {
      const delta = new Map<string, Uint8Array | null>();
      for (const [path, bytes] of revision.changes) {
        const value = reconciled.combined.has(path) ? (lastTouch.get(path) === index ? reconciled.merged.get(path)! : undefined) : bytes;
        if (value === undefined) continue;
        const current = written.has(path) ? written.get(path)! : gitState(path);
        if (current !== undefined && sameBytes(current ?? null, value)) continue;
        delta.set(path, value);
        written.set(path, value);
      }
      const message = exportCommitMessage(options.messagePrefix, { revisionId: revision.id, changeRequest: revision.changeRequest });
      result.commits.push(commitFrom(revision.id, message, revision.author, Math.floor(Date.parse(revision.createdAt) / 1000), delta));
    });
  }

  const importing = options.direction !== 'space-to-git' && (spaceNeeds.size > 0 || (target !== undefined && target.adopted));
  if (importing) {
    const from = applyDelta(git.baseFiles, target?.changes ?? spaceChanges);
    const to = applyDelta(git.baseFiles, reconciled.merged);
    let changes: PlannedChange[] | undefined;
    if (!git.complete && target === undefined && spaceChanges.size === 0) {
      const changed = [...git.changes].map(([path, after]) => ({ path, before: git.baseFiles.get(path) ?? null, after }));
      const quick = planInPlaceChanges(changed, space.locations ?? locationsOf(liveContent(space)), git.structure, space.fileLimits);
      changes = quick?.changes;
      result.diagnostics.push(...(quick?.diagnostics ?? []));
    }
    const inPlace = changes !== undefined;
    changes ??= contentChanges(result, from, to, target?.content ?? liveContent(space), git.head?.timestamp, space.fileLimits);
    const subject = previewSubject(branchName(options.ref), undefined, git.lastChange?.subject ?? git.head!.subject);
    const message = git.lastChange?.message ?? git.head!.message;
    // With space changes skipped (--direction git-to-space), the merged revision is not what Git holds: record nothing.
    const record = exporting || space.revisions.length === 0 ? { oid: git.head!.oid, message } : undefined;
    result.import = importStep(space.batchLimits, target ? existing(target) : { kind: 'create', subject }, changes, true, record, inPlace);
  }
  if (!exporting && space.revisions.length > 0) result.recordCommits = false;
  result.mode = result.import && result.commits.length > 0 ? 'both' : result.import ? 'import' : result.commits.length > 0 ? 'export' : 'in-sync';
  return finish(result);
}

/** A pull request: its changes go to one open change request (found again by its subject), never merged. */
function planPreview(result: SyncPlan, syncPoint: SyncPoint | undefined, git: GitSide, space: SpaceSide, options: SyncOptions): SyncPlan {
  const pullRequest = options.pullRequest!;
  const spaceChanges = space.revisions.reduce<DirectoryDelta>((delta, revision) => composeDeltas(delta, revision.changes), new Map());
  let to: DirectoryBytes;
  let from: DirectoryBytes;
  if (syncPoint === undefined) {
    to = git.headFiles;
    from = space.target?.changes !== undefined ? applyDelta(new Map(), space.target.changes) : (space.files ?? new Map());
  } else {
    const reconciled = reconcile(git.changes, spaceChanges, (path) => git.baseFiles.get(path), options.prefer);
    result.conflicts = reconciled.conflicts.map((conflict) => ({ ...conflict, ...titleAt(liveContent(space), conflict.path) }));
    to = applyDelta(git.baseFiles, reconciled.merged);
    from = applyDelta(git.baseFiles, space.target?.changes ?? spaceChanges);
  }
  const changes = contentChanges(result, from, to, space.target?.content ?? liveContent(space), git.head?.timestamp, space.fileLimits);
  if (changes.length === 0 && space.target === undefined) return finish(result);
  const subject = previewSubject(pullRequest.branch, pullRequest.number, git.head?.subject ?? '');
  result.mode = 'preview';
  result.import = importStep(space.batchLimits, 
    space.target ? { ...existing(space.target), subject } : { kind: 'create', subject },
    changes,
    false,
    git.head === undefined ? undefined : { oid: pullRequest.headCommit ?? git.head.oid, message: git.head.message },
  );
  return finish(result);
}

/**
 * The subject of a pull request's change request. It starts with `[git:<branch>]`, which is how sync finds the
 * change request again on the next push to the branch, and when the branch is merged.
 *
 * @example
 * previewSubject('feature/intro', 12, 'Rewrite the intro') // → '[git:feature/intro] #12 Rewrite the intro'
 */
export function previewSubject(branch: string, number: number | undefined, subject: string): string {
  const text = `${previewMarker(branch)} ${number === undefined ? '' : `#${number} `}${subject}`.trim();
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

/**
 * The marker a pull request's change request subject starts with.
 *
 * @example
 * previewMarker('feature/intro') // → '[git:feature/intro]'
 */
export function previewMarker(branch: string): string {
  return `[git:${branch}]`;
}

/**
 * The marker of every change request this sync creates, from the moment it is created: `[git:<branch>]`, the
 * pull request's branch on a preview, else the synced branch. The next run finds by it a change request an
 * interrupted run left (interrupted-change-requests.ts).
 *
 * @example
 * syncMarker({ ref: 'refs/heads/main' }) // → '[git:main]'
 * syncMarker({ ref: 'refs/heads/main', pullRequest: { branch: 'feature/intro' } }) // → '[git:feature/intro]'
 */
export function syncMarker(options: Pick<SyncOptions, 'ref' | 'pullRequest'>): string {
  return previewMarker(options.pullRequest?.branch ?? branchName(options.ref));
}

function branchName(ref: string): string {
  return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ref;
}

function contentChanges(result: SyncPlan, fromFiles: DirectoryBytes, toFiles: DirectoryBytes, content: RevisionContent, timestamp: number | undefined, limits: FileLimits | undefined): PlannedChange[] {
  const createdAt = new Date((timestamp ?? 0) * 1000).toISOString();
  // Both directories hold mostly the same pages: each text is parsed once.
  const memo = new PageTextMemo();
  const from = readDirectory(fromFiles, { createdAt, memo }).bundle;
  const ids = alignIds(from, content);
  const read = readDirectory(toFiles, { previous: from, createdAt, memo });
  result.diagnostics.push(...read.diagnostics);
  return planContentChanges({ bundle: from, files: fromFiles }, { bundle: read.bundle, files: toFiles }, ids, limits);
}

function importStep(limits: BatchLimits | undefined, changeRequest: PlannedImport['changeRequest'], changes: PlannedChange[], merge: boolean, record: PlannedImport['record'], inPlace = false): PlannedImport {
  return { changeRequest, batches: batchChanges(changes, limits), merge, record, inPlace, items: changes.flatMap((change) => change.items) };
}

function existing(target: NonNullable<SpaceSide['target']>): PlannedImport['changeRequest'] {
  return { kind: 'existing', id: target.id, number: target.number, subject: target.subject };
}

function commitFrom(revisionId: string, message: string, author: PlannedCommit['author'], timestamp: number, delta: DirectoryDelta): PlannedCommit {
  const write = new Map<string, Uint8Array>();
  const remove: string[] = [];
  const items: PlanItem[] = [];
  for (const [path, bytes] of [...delta].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (bytes === null) {
      remove.push(path);
      items.push({ outcome: 'deleted', side: 'git', kind: 'file', path });
    } else {
      write.set(path, bytes);
      items.push({ outcome: 'updated', side: 'git', kind: 'file', path });
    }
  }
  return { revisionId, message, author, timestamp, write, delete: remove, items };
}

function blocked(result: SyncPlan, reason: string): SyncPlan {
  result.mode = 'blocked';
  result.reason = reason;
  return result;
}

function finish(result: SyncPlan): SyncPlan {
  const items: PlanItem[] = [];
  for (const commit of result.commits) {
    items.push({ outcome: commit.write.size + commit.delete.length === 0 ? 'skipped' : 'created', side: 'git', kind: 'commit', detail: commit.message });
    items.push(...commit.items);
  }
  if (result.import) items.push(...result.import.items);
  result.items = items;
  return result;
}

/** The live content, which every way but the quick one reads (see `SpaceSide.live`). */
function liveContent(space: SpaceSide): RevisionContent {
  if (space.live.content === undefined) {
    throw new QuireError('INTERNAL', `the content of revision ${space.live.id} was not read, yet the plan needs more than the files edited in place`, { revisionId: space.live.id });
  }
  return space.live.content;
}

function titleAt(content: RevisionContent, path: string): { title?: string } {
  const walk = (pages: RevisionContent['pages']): string | undefined => {
    for (const page of pages) {
      if (page.type === 'document' && page.git?.path === path) return page.title;
      if ('pages' in page && Array.isArray(page.pages)) {
        const found = walk(page.pages as RevisionContent['pages']);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  const title = walk(content.pages);
  return title === undefined ? {} : { title };
}
