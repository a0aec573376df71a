/**
 * Reads what `plan` needs from both sides, doing as little as it can: the sync point from the space's revision
 * history (newest first, one page is usually enough), Git's changes as a tree diff from the sync point's commit
 * (unchanged folders are never opened), only the blobs that changed when files were edited in place, and each
 * unsynced revision's changes in one `directory?since=` request.
 */
import type { ChangeRequest, Revision, RevisionFile } from '@gitbook/api';
import type { QuireServerInfo, RevisionInfo, SyncPointInfo } from '../client/index.ts';
import { QuireError, isQuireError } from '../errors/index.ts';
import { assetsFolder } from '../format/directory-layout.ts';
import { parseGitbookConfig } from '../format/gitbook-config.ts';
import { rememberBlobOid } from '../format/git-oid.ts';
import { changedPaths, isAncestor, listCommits, readBlobs as readGitBlobs, readCommit, readFileAt, readTree as readGitTree, readTreeContent, readTreeEntries, resolveRef, type GitCommit, type GitRepository, type GitTreeContent, type TreeReadOptions } from '../git/index.ts';
import { deltaBetween, deltaFromRevisionDirectory, filesFromRevisionDirectory, type DirectoryBytes } from './directory-delta.ts';
import { canPlanInPlace, planInPlaceChanges, structurePaths } from './fast-content-changes.ts';
import { batchLimitsOf } from './change-batches.ts';
import { fileLimitsOf } from './file-limits.ts';
import { locationsOf, type GitPathLocations } from './git-path-locations.ts';
import { openLocationCache, writeLocationCache } from './location-cache.ts';
import { locateOnServer } from './server-locations.ts';
import { repositoryIdentity } from './repository-identity.ts';
import { previewMarker } from './plan.ts';
import { readFilesCompleteMark } from './files-complete-mark.ts';
import { findInterruptedChangeRequests, type ChangeRequestRef } from './interrupted-change-requests.ts';
import { recordedMissingFiles, refusedFilesInGit, type MissingFiles } from './refused-files.ts';
import type { SyncContext } from './sync-context.ts';
import { unchangedFileStandIns } from './unchanged-file-stand-ins.ts';
import type { CommitSummary, GitSide, RevisionContent, SpaceRevision, SpaceSide, SyncPoint, TargetChangeRequest } from './sync-sides.ts';

/** What both sides hold, ready for `plan`. */
export interface SyncSides {
  syncPoint: SyncPoint | undefined;
  git: GitSide;
  space: SpaceSide;
  /**
   * Where the run records its sync point (extension `sync-points`): the repository's identity and the branch.
   * Undefined when the server does not keep sync points, on a pull request's preview, or on a branch with no commit.
   */
  syncPointKey: SyncPointKey | undefined;
  /** The server keeps sync points per repository and branch (extension `sync-points`). */
  keepsSyncPoints: boolean;
  /** It also records a revision's commit with its sync point (extension `sync-point-git`). */
  recordsGitWithSyncPoint: boolean;
  /**
   * Writes the location cache (location-cache.ts) for the live revision, which this run read whole; undefined
   * when it did not. Left to the caller: a run whose merge replaces that revision at once skips it (a structural
   * sync wrote 1,000 paths that the next run, on the merged revision, would never read).
   */
  cacheLiveLocations: (() => Promise<void>) | undefined;
}

/** Whose sync point it is: one per repository and branch (docs/api-extensions.md `sync-points`). */
export interface SyncPointKey {
  /** The root commit of the branch's first-parent history (`repositoryIdentity`). */
  repository: string;
  ref: string;
}

/** The extensions sync relies on (docs/api-extensions.md). */
export const requiredExtensions = ['git-metadata', 'directory', 'revision-history'] as const;

/**
 * Reads both sides.
 *
 * @throws QuireError `SYNC_SERVER_UNSUPPORTED`, `SYNC_HISTORY_MISSING`, and the client's and the Git adapter's errors.
 * @example
 * const { syncPoint, git, space } = await readSyncSides(context);
 */
export async function readSyncSides(context: SyncContext): Promise<SyncSides> {
  const { client, spaceId } = context;
  const stage = (message: string) => context.onProgress?.({ kind: 'stage', message });
  const info = await checkServer(context);
  const keepsSyncPoints = info?.extensions.includes('sync-points') === true;
  const fileLimits = fileLimitsOf(info);
  const batchLimits = batchLimitsOf(info);
  stage('reading the space and the repository');
  const [space, head] = await Promise.all([client.getSpace(spaceId), resolveHead(context)]);
  const keyed = keepsSyncPoints && head !== undefined && context.options.pullRequest === undefined ? await findSyncPoint(context, head) : undefined;
  const syncPointKey = keyed?.key;
  const recorded = keyed?.recorded;
  const fromRecorded = recorded === undefined ? undefined : await readMainlineTo(context, space.revision, head!, recorded);
  const mainline = fromRecorded ?? (await readMainline(context, space.revision, head));
  const syncPoint = mainline.syncPoint;
  // The files the sync point's revision lacks of its commit, as recorded with it (unknown on an older record).
  const recordedMissing = fromRecorded === undefined || recorded?.missing === undefined || head === undefined || context.options.direction === 'space-to-git' ? undefined : recorded.missing;
  const missing = recordedMissing === undefined ? undefined : await recordedMissingFiles(context.repo, head!.oid, context.options.prefix, recordedMissing, fileLimits);

  let live: RevisionContent | undefined;
  let liveLocations: GitPathLocations | undefined;
  let cacheLiveLocations: (() => Promise<void>) | undefined;
  const loadLive = async (): Promise<RevisionContent> => {
    if (live !== undefined) return live;
    const revision = await client.getRevision({ spaceId, revisionId: space.revision });
    const content: RevisionContent = { pages: revision.pages, files: revision.files, reusableContents: revision.reusableContents };
    live = content;
    if (syncPoint?.revisionId === space.revision) cacheLiveLocations = () => writeLocationCache(context.repo, spaceId, space.revision, liveLocationsOf(content));
    return content;
  };
  const liveLocationsOf = (content: RevisionContent): GitPathLocations => (liveLocations ??= locationsOf(content));

  stage(`reading ${mainline.revisions.length} revision(s) of the space made since the last sync`);
  const revisions = await readSpaceRevisions(context, mainline.revisions, syncPoint);
  const { target, stale } = await findTargetChangeRequest(context, syncPoint, head, space);

  stage('reading the repository');
  // Files edited in place need only where the space keeps them: cached for the sync point's revision, when it is the live one.
  const inPlaceAllowed = syncPoint !== undefined && syncPoint.rewritten !== true && syncPoint.revisionId === space.revision && revisions.length === 0 && target === undefined;
  const cache = inPlaceAllowed ? await openLocationCache(context.repo, spaceId, space.revision) : undefined;
  // Without the cache (a fresh checkout, or one that describes another revision), the server says where the
  // changed paths are (extension `git-paths`), rather than the whole revision being read for a few paths.
  // Only where the plan takes the quick way with what is located (a preview plans from the live content).
  const locatesGitPaths = info?.extensions.includes('git-paths') === true && context.options.pullRequest === undefined;
  const locateElsewhere = async (paths: readonly string[]): Promise<GitPathLocations> =>
    (locatesGitPaths && live === undefined ? await locateOnServer(client, spaceId, space.revision, paths) : undefined) ?? liveLocationsOf(await loadLive());
  const { git, locations } = await readGitSide(context, head, syncPoint, {
    inPlaceAllowed,
    locate: async (paths) => (await cache?.lookup(paths)) ?? (await locateElsewhere(paths)),
    unchangedAllowed: target === undefined && context.options.pullRequest === undefined,
    spacePaths: [...new Set(revisions.flatMap((revision) => [...revision.changes.keys()]))],
    missing,
    // An open change request to update holds changes the plan compares with Git's bytes: every file is read then.
    liveFiles: async () => (target === undefined ? (await loadLive()).files : []),
  });
  // The quick way, answered by the cache, needs nothing more of the space: its content is not read. Nor does a
  // run where neither side changed since the sync point: its plan is "in sync" (planSince reads the content only
  // to import, export or report a conflict), and reading a 1,000-page revision was most of a no-op's requests.
  const nothingChanged =
    syncPoint !== undefined && syncPoint.rewritten !== true && git.changes.size === 0 && revisions.length === 0 && target === undefined && context.options.pullRequest === undefined;
  const content = (locations !== undefined || nothingChanged) && live === undefined ? undefined : await loadLive();
  const isEmpty = content !== undefined && content.pages.length === 0 && content.files.length === 0 && content.reusableContents.length === 0;
  // Refused files stay pending: looked for on every run from a sync point (a first sync plans every file anyway),
  // unless the last run left the space holding every file of the sync point's commit (files-complete-mark.ts).
  // The recorded list says it all where there is one; without, they are looked for in Git's head, unless the last
  // run left the space holding every file of the sync point's commit (files-complete-mark.ts).
  const complete = missing !== undefined || (syncPoint !== undefined && syncPoint.rewritten !== true && (await readFilesCompleteMark(context.repo, spaceId)) === syncPoint.commit);
  const refusedFiles =
    missing !== undefined
      ? missing.refused
      : complete || syncPoint === undefined || head === undefined || context.options.direction === 'space-to-git'
        ? undefined
        : await refusedFilesInGit(context.repo, head.oid, context.options.prefix, async (paths) => (await cache?.lookup(paths)) ?? liveLocationsOf(await loadLive()), fileLimits);
  let files: DirectoryBytes | undefined;
  if (syncPoint === undefined && !isEmpty) files = filesFromRevisionDirectory(await client.getRevisionDirectory(spaceId, space.revision));
  return {
    syncPoint,
    git,
    space: { spaceId, live: { id: space.revision, content: content ?? live }, locations, revisions, files, isEmpty, target, staleChangeRequests: stale, fileLimits, batchLimits, refusedFiles },
    syncPointKey,
    keepsSyncPoints,
    recordsGitWithSyncPoint: keepsSyncPoints && info?.extensions.includes('sync-point-git') === true,
    cacheLiveLocations,
  };
}

/**
 * This repository's and branch's recorded sync point. Usually the branch still contains its commit, which says
 * whose it is without reading the whole history; else (a first sync here, a force-push) the repository's
 * identity is read (`repositoryIdentity`) and looked up.
 */
async function findSyncPoint(context: SyncContext, head: GitCommit): Promise<{ key: SyncPointKey; recorded: SyncPointInfo | undefined }> {
  const ref = context.options.ref;
  const points = (await context.client.listSyncPoints(context.spaceId)).filter((point) => point.ref === ref);
  for (const point of points) {
    const contained = await isAncestor(context.repo, point.commit, head.oid).catch((error: unknown) => {
      if (isQuireError(error, 'GIT_OBJECT_NOT_FOUND')) return false;
      throw error;
    });
    if (contained) return { key: { repository: point.repository, ref }, recorded: point };
  }
  const repository = await repositoryIdentity(context.repo, head.oid);
  return { key: { repository, ref }, recorded: points.find((point) => point.repository === repository) };
}

/** Checks the server offers what sync needs, and returns what it says of itself (undefined: it does not say). */
async function checkServer(context: SyncContext): Promise<QuireServerInfo | undefined> {
  const info = await context.client.getQuireServerInfo();
  const missing = requiredExtensions.filter((name) => !(info?.extensions ?? []).includes(name));
  if (missing.length > 0) {
    throw new QuireError(
      'SYNC_SERVER_UNSUPPORTED',
      `${context.client.origin} does not offer ${missing.join(', ')} (GET /v1/quire${info === undefined ? ' answered 404' : ''}); sync needs a Quire server (docs/api-extensions.md)`,
      { missing },
    );
  }
  return info;
}

async function resolveHead(context: Pick<SyncContext, 'repo' | 'options'>): Promise<GitCommit | undefined> {
  try {
    return await readCommit(context.repo, await resolveRef(context.repo, context.options.ref));
  } catch (error) {
    if (isQuireError(error, 'GIT_REF_NOT_FOUND')) return undefined;
    throw error;
  }
}

/**
 * Walks the space's main line (first parents) from its current revision back to the revision of this
 * repository's and branch's recorded sync point: every revision on the way is a change of the space, whoever
 * made it (another repository's sync included). Undefined when that revision is not on the main line (then the
 * revisions' own commits say). A sync point whose commit the branch no longer contains is `rewritten`.
 */
async function readMainlineTo(
  context: SyncContext,
  liveId: string,
  head: GitCommit,
  recorded: { revision: string; commit: string },
): Promise<{ syncPoint: SyncPoint; revisions: RevisionInfo[] } | undefined> {
  const since: RevisionInfo[] = [];
  const history = mainlineOf(context, liveId);
  for (let revision = await history.next(); revision !== undefined; revision = await history.next()) {
    if (revision.id === recorded.revision) {
      const rewritten = !(await isSyncedCommit(context, recorded.commit, head.oid));
      return { syncPoint: { revisionId: revision.id, commit: recorded.commit, ...(rewritten ? { rewritten } : {}) }, revisions: since.reverse() };
    }
    since.push(revision);
  }
  return undefined;
}

/** The space's main line from `liveId`, newest first, read from the history page by page as it is walked. */
function mainlineOf(context: SyncContext, liveId: string): { next: () => Promise<RevisionInfo | undefined> } {
  const known = new Map<string, RevisionInfo>();
  const history = context.client.listRevisions(context.spaceId, { limit: 50 })[Symbol.asyncIterator]();
  let exhausted = false;
  let id: string | undefined = liveId;
  return {
    async next() {
      if (id === undefined) return undefined;
      while (!known.has(id) && !exhausted) {
        const next = await history.next();
        if (next.done === true) exhausted = true;
        else known.set(next.value.id, next.value);
      }
      const revision = known.get(id);
      id = revision?.parents[0];
      return revision;
    },
  };
}

/**
 * Without a recorded sync point (a server without `sync-points`, a space synced before it, a pull request):
 * walks the space's main line (first parents) from its current revision back to the sync point: the newest
 * revision carrying `git.oid` whose commit is an ancestor of the head. The revisions on the way are the ones to
 * export.
 */
async function readMainline(context: SyncContext, liveId: string, head: GitCommit | undefined): Promise<{ syncPoint: SyncPoint | undefined; revisions: RevisionInfo[] }> {
  const since: RevisionInfo[] = [];
  const history = mainlineOf(context, liveId);
  for (let revision = await history.next(); revision !== undefined; revision = await history.next()) {
    if (revision.git?.oid !== undefined && head !== undefined) {
      if (await isSyncedCommit(context, revision.git.oid, head.oid)) return { syncPoint: { revisionId: revision.id, commit: revision.git.oid }, revisions: since.reverse() };
    }
    // A revision recorded with a commit this branch does not have (a push that never landed, rewritten history)
    // is not in Git here: it is exported like one without `git`. Unchanged files make no commit.
    since.push(revision);
  }
  return { syncPoint: undefined, revisions: since.reverse() };
}

async function isSyncedCommit(context: SyncContext, oid: string, head: string): Promise<boolean> {
  try {
    return await isAncestor(context.repo, oid, head);
  } catch (error) {
    if (!isQuireError(error, 'GIT_OBJECT_NOT_FOUND')) throw error;
    const shallow = await context.repo.fs.promises.stat(`${context.repo.gitdir}/shallow`).then(
      () => true,
      () => false,
    );
    if (shallow) {
      throw new QuireError(
        'SYNC_HISTORY_MISSING',
        `the space was last synced with commit ${oid}, which this shallow clone does not have: fetch the whole history (actions/checkout with fetch-depth: 0)`,
        { commit: oid },
      );
    }
    return false; // a commit of another repository or of a rewritten history: not a sync point here
  }
}

async function readSpaceRevisions(context: SyncContext, infos: readonly RevisionInfo[], syncPoint: SyncPoint | undefined): Promise<SpaceRevision[]> {
  if (syncPoint === undefined) return [];
  const { client, spaceId } = context;
  const revisions: SpaceRevision[] = [];
  let previous = syncPoint.revisionId;
  let user: { name: string; email: string } | undefined;
  for (const info of infos) {
    const directory = await client.getRevisionDirectory(spaceId, info.id, { since: previous });
    let changeRequest: ChangeRequest | undefined;
    if (info.mergedFrom !== undefined) changeRequest = await client.getChangeRequest(spaceId, info.mergedFrom).catch(() => undefined);
    let author = changeRequest === undefined ? undefined : identityOf(changeRequest.createdBy);
    if (author === undefined && context.fallbackAuthor === undefined) {
      user ??= await client.getCurrentUser().then(identityOf, () => undefined);
      author = user;
    }
    revisions.push({
      id: info.id,
      createdAt: info.createdAt,
      changes: deltaFromRevisionDirectory(directory),
      ...(changeRequest === undefined ? {} : { changeRequest: { id: changeRequest.id, number: changeRequest.number, subject: changeRequest.subject } }),
      ...(author === undefined ? {} : { author }),
    });
    previous = info.id;
  }
  return revisions;
}

function identityOf(user: { displayName: string; email?: string; id: string }): { name: string; email: string } | undefined {
  const name = user.displayName.replace(/[<>\n\0]/g, '').trim();
  if (name === '') return undefined;
  return { name, email: (user.email ?? `${user.id}@users.quire.invalid`).replace(/[<>\n\0]/g, '') };
}

/**
 * The change request to write into: on a pull request, the open one whose subject starts with the branch's
 * marker; on a push, an open pull-request change request whose recorded commit the head now contains (the
 * branch was merged), which is then the one merged. Without one, the draft an interrupted run of this same sync
 * left (interrupted-change-requests.ts) is resumed: the newest; any older ones are `stale`, to be archived.
 */
async function findTargetChangeRequest(
  context: SyncContext,
  syncPoint: SyncPoint | undefined,
  head: GitCommit | undefined,
  space: { changeRequestsDraft?: number },
): Promise<{ target: TargetChangeRequest | undefined; stale: ChangeRequestRef[] }> {
  const { client, spaceId, options } = context;
  const pullRequest = options.pullRequest;
  const marker = pullRequest === undefined ? '[git:' : `${previewMarker(pullRequest.branch)}`;
  let target: TargetChangeRequest | undefined;
  for await (const changeRequest of client.listChangeRequests(spaceId, { status: 'open' })) {
    if (!changeRequest.subject.startsWith(marker)) continue;
    const revision = await client.getRevision({ spaceId, changeRequestId: changeRequest.id });
    if (pullRequest === undefined) {
      const oid = revision.git?.oid;
      if (oid === undefined || head === undefined) continue;
      const merged = await isAncestor(context.repo, oid, head.oid).catch(() => false);
      if (!merged) continue;
    }
    target = await targetOf(context, changeRequest, revision, syncPoint);
    break;
  }
  const interrupted = await findInterruptedChangeRequests(context, space);
  if (target === undefined && interrupted.length > 0) {
    const resumed = interrupted.shift()!;
    target = await targetOf(context, resumed, await client.getRevision({ spaceId, changeRequestId: resumed.id }), syncPoint);
  }
  return { target, stale: interrupted.map(({ id, number, subject }) => ({ id, number, subject })) };
}

async function targetOf(context: SyncContext, changeRequest: ChangeRequest, revision: Revision, syncPoint: SyncPoint | undefined): Promise<TargetChangeRequest> {
  const directory = await context.client.getRevisionDirectory(context.spaceId, changeRequest.revision, syncPoint === undefined ? {} : { since: syncPoint.revisionId });
  return {
    id: changeRequest.id,
    number: changeRequest.number,
    subject: changeRequest.subject,
    content: { pages: revision.pages, files: revision.files, reusableContents: revision.reusableContents },
    changes: deltaFromRevisionDirectory(directory),
    adopted: context.options.pullRequest === undefined,
  };
}

/**
 * Git's side. When every change is a file edited in place that the space has (`locate` says where, from the
 * location cache or the live content), only the changed blobs are read (`complete: false`) and the locations
 * used are returned with it; otherwise the trees of both commits are read whole.
 */
async function readGitSide(
  context: SyncContext,
  head: GitCommit | undefined,
  syncPoint: SyncPoint | undefined,
  space: {
    inPlaceAllowed: boolean;
    /** Where the space keeps these paths (at least those it has). */
    locate: (paths: readonly string[]) => Promise<GitPathLocations>;
    /** Nothing changed in Git: read only the sync point's bytes of what the space changed (no preview, no change request to fill). */
    unchangedAllowed: boolean;
    spacePaths: readonly string[];
    /** The files the sync point's revision lacks, as recorded with it: those that now fit are sent as added. */
    missing: MissingFiles | undefined;
    /** The live revision's files, for the files a whole read need not read (unchanged-file-stand-ins.ts); none to read every file. */
    liveFiles: () => Promise<readonly RevisionFile[]>;
  },
): Promise<{ git: GitSide; locations?: GitPathLocations }> {
  const { repo, options } = context;
  const prefix = options.prefix === '' ? undefined : options.prefix;
  const ref = options.ref;
  const summary = head === undefined ? undefined : summarize(head);
  if (head === undefined || syncPoint === undefined) return { git: await wholeGitSide(context, head) };
  const structure = await readStructure(context, head.oid);
  if (syncPoint.rewritten === true) return { git: withMissingFiles(await readRewrittenGitSide(context, head, syncPoint, structure), space.missing) };
  const sending = (space.missing?.fitting.size ?? 0) > 0;
  const changed = (await changedPaths(repo, syncPoint.commit, head.oid, prefix === undefined ? {} : { prefix })).filter((change) =>
    change.status === 'deleted' ? change.previousMode !== '160000' && change.previousMode !== '120000' : change.mode !== '160000' && change.mode !== '120000',
  );
  const lastChange = changed.length === 0 ? undefined : await newestChange(context, syncPoint.commit, head);
  if (changed.length === 0 && space.unchangedAllowed && !sending) {
    const baseFiles = new Map<string, Uint8Array>();
    for (const path of space.spacePaths) {
      const bytes = await readFileAt(repo, syncPoint.commit, `${options.prefix}${path}`);
      if (bytes !== undefined) baseFiles.set(path, bytes);
    }
    return { git: { ref, head: summary, lastChange, headFiles: baseFiles, baseFiles, changes: new Map(), complete: false, structure } };
  }
  const paths = changed.map((change) => change.path);
  const quick = space.inPlaceAllowed && !sending && changed.length > 0 && changed.every((change) => change.status === 'modified' && !structure.has(change.path));
  const locations = quick ? await space.locate(paths) : undefined;
  if (locations !== undefined && canPlanInPlace(paths, locations, structure)) {
    const blobs = await readBlobs(repo, changed.flatMap((change) => (change.status === 'modified' ? [change.previousOid, change.oid] : [])));
    const headFiles = new Map<string, Uint8Array>();
    const baseFiles = new Map<string, Uint8Array>();
    const changes = new Map<string, Uint8Array | null>();
    for (const change of changed) {
      if (change.status !== 'modified') continue;
      headFiles.set(change.path, blobs.get(change.oid)!);
      baseFiles.set(change.path, blobs.get(change.previousOid)!);
      changes.set(change.path, blobs.get(change.oid)!);
    }
    const changedFiles = [...changes].map(([path, after]) => ({ path, before: baseFiles.get(path) ?? null, after }));
    if (planInPlaceChanges(changedFiles, locations, structure) !== undefined) {
      return { git: { ref, head: summary, lastChange, headFiles, baseFiles, changes, complete: false, structure }, locations };
    }
  }
  const read = prefix === undefined ? {} : { prefix };
  // Both trees whole, but not the large files neither commit changed and the space holds as they are.
  const [baseEntries, headEntries, liveFiles] = await Promise.all([
    readTreeEntries(repo, syncPoint.commit, read),
    changed.length === 0 ? undefined : readTreeEntries(repo, head.oid, read),
    space.liveFiles(),
  ]);
  const touched = new Set([...space.spacePaths, ...(space.missing?.lacked ?? [])]);
  // Files of the assets folder are files of both directories whatever refers to them; not when the root moved.
  const held = changed.some((change) => change.path === '.gitbook.yaml')
    ? undefined
    : unchangedFileStandIns(baseEntries, headEntries ?? baseEntries, liveFiles, { assetsFolder: `${(await readLayout(context, head.oid)).root}${assetsFolder}`, touched });
  const [base, now] = await Promise.all([
    readTreeContent(repo, baseEntries, held).then(remembered),
    headEntries === undefined ? undefined : readTreeContent(repo, headEntries, held).then(remembered),
  ]);
  const headFiles = now?.files ?? base.files;
  const changes = new Map<string, Uint8Array | null>();
  for (const change of changed) changes.set(change.path, change.status === 'deleted' ? null : (headFiles.get(change.path) ?? null));
  return { git: withMissingFiles({ ref, head: summary, lastChange, headFiles, baseFiles: base.files, changes, complete: true, structure }, space.missing) };
}

/**
 * Git's side as the space sees it: the files the sync point's revision lacks are not in its base, so each one that
 * now fits is an addition, and one Git deleted since is no change at all (the space never had it).
 *
 * @example
 * withMissingFiles(git, { refused: [], fitting: new Map([['a.gif', bytes]]), lacked: ['a.gif'] }).changes.get('a.gif') // → bytes
 */
export function withMissingFiles(git: GitSide, missing: MissingFiles | undefined): GitSide {
  if (missing === undefined || missing.lacked.length === 0) return git;
  const baseFiles = new Map(git.baseFiles);
  const changes = new Map(git.changes);
  for (const path of missing.lacked) {
    baseFiles.delete(path);
    if (changes.get(path) === null) changes.delete(path);
  }
  for (const [path, bytes] of missing.fitting) changes.set(path, bytes);
  return { ...git, baseFiles, changes };
}

/**
 * Git's side with no sync point: the head's whole folder (nothing on a branch with no commit).
 *
 * @example
 * const git = await wholeGitSide({ repo, options }, await readCommit(repo, await resolveRef(repo, 'main')));
 */
async function wholeGitSide(context: Pick<SyncContext, 'repo' | 'options'>, head: GitCommit | undefined): Promise<GitSide> {
  const { repo, options } = context;
  const empty = new Map<string, Uint8Array>();
  if (head === undefined) {
    return { ref: options.ref, head: undefined, lastChange: undefined, headFiles: empty, baseFiles: empty, changes: new Map(), complete: true, structure: structurePaths({ root: '', summary: 'SUMMARY.md' }) };
  }
  const summary = summarize(head);
  const tree = await readTree(repo, head.oid, options.prefix === '' ? {} : { prefix: options.prefix });
  return { ref: options.ref, head: summary, lastChange: summary, headFiles: tree.files, baseFiles: empty, changes: new Map(), complete: true, structure: await readStructure(context, head.oid) };
}

/**
 * What a first sync with a space that does not exist yet would see (`quire sync --dry-run` before the embedded
 * service has a space for the folder): Git's whole folder, and an empty space.
 *
 * @example
 * const { git, space } = await readSidesWithoutSpace({ repo, options });
 */
export async function readSidesWithoutSpace(context: Pick<SyncContext, 'repo' | 'options'>): Promise<{ git: GitSide; space: SpaceSide }> {
  const git = await wholeGitSide(context, await resolveHead(context));
  const space: SpaceSide = { spaceId: '', live: { id: '', content: { pages: [], files: [], reusableContents: [] } }, revisions: [], files: undefined, isEmpty: true, target: undefined };
  return { git, space };
}

/**
 * Git's side when the branch was rewound or force-pushed: what changed is what differs from the synced commit's
 * files to the head's, whole trees. The synced commit may be gone from this repository (a fresh clone after the
 * force-push): the sync point revision's directory holds the same files.
 */
async function readRewrittenGitSide(context: SyncContext, head: GitCommit, syncPoint: SyncPoint, structure: ReadonlySet<string>): Promise<GitSide> {
  const { repo, options } = context;
  const read = options.prefix === '' ? {} : { prefix: options.prefix };
  const synced = await readCommit(repo, syncPoint.commit).catch((error: unknown) => {
    if (isQuireError(error, 'GIT_OBJECT_NOT_FOUND')) return undefined;
    throw error;
  });
  const baseFiles =
    synced === undefined ? filesFromRevisionDirectory(await context.client.getRevisionDirectory(context.spaceId, syncPoint.revisionId)) : (await readTree(repo, synced.oid, read)).files;
  const headFiles = (await readTree(repo, head.oid, read)).files;
  const changes = deltaBetween(baseFiles, headFiles);
  const summary = summarize(head);
  return { ref: options.ref, head: summary, lastChange: changes.size === 0 ? undefined : summary, headFiles, baseFiles, changes, complete: true, structure };
}

/** The newest commit since the sync point that changed the folder (commits elsewhere in a monorepo create nothing). */
async function newestChange(context: SyncContext, since: string, head: GitCommit): Promise<CommitSummary | undefined> {
  const prefix = context.options.prefix;
  if (prefix === '') return summarize(head);
  const commits = await listCommits(context.repo, { since, until: head.oid });
  for (const commit of commits.reverse()) {
    const parent = commit.parents[0];
    if (parent === undefined) return summarize(commit);
    if ((await changedPaths(context.repo, parent, commit.oid, { prefix })).length > 0) return summarize(commit);
  }
  return summarize(head);
}

async function readStructure(context: Pick<SyncContext, 'repo' | 'options'>, commit: string): Promise<ReadonlySet<string>> {
  return structurePaths(await readLayout(context, commit));
}

/** The content root and SUMMARY.md of a commit's `.gitbook.yaml` (the defaults without one). */
async function readLayout(context: Pick<SyncContext, 'repo' | 'options'>, commit: string): Promise<{ root: string; summary: string }> {
  const bytes = await readFileAt(context.repo, commit, `${context.options.prefix}.gitbook.yaml`);
  if (bytes === undefined) return { root: '', summary: 'SUMMARY.md' };
  const { config } = parseGitbookConfig(new TextDecoder().decode(bytes), '.gitbook.yaml');
  return { root: config.root, summary: config.structure.summary };
}

function summarize(commit: GitCommit): CommitSummary {
  return { oid: commit.oid, subject: commit.subject, message: commit.message, timestamp: commit.committer.timestamp };
}

/**
 * A commit's tree (`readTree`), each file's bytes known to the format by the blob id Git gave them
 * (`rememberBlobOid`): reading the directory names files by that id, and would hash every file again.
 */
async function readTree(repo: GitRepository, commitOid: string, options: TreeReadOptions = {}): Promise<GitTreeContent> {
  return remembered(await readGitTree(repo, commitOid, options));
}

/** `tree`, its files' bytes known to the format by their blob ids (see `readTree`). */
function remembered(tree: GitTreeContent): GitTreeContent {
  for (const [path, bytes] of tree.files) rememberBlobOid(bytes, tree.oids.get(path)!);
  return tree;
}

/** Blobs by oid (`readBlobs`), known to the format by those ids (see `readTree`). */
async function readBlobs(repo: GitRepository, oids: Iterable<string>): Promise<Map<string, Uint8Array>> {
  const blobs = await readGitBlobs(repo, oids);
  for (const [oid, bytes] of blobs) rememberBlobOid(bytes, oid);
  return blobs;
}
