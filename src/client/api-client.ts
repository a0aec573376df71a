/**
 * The typed client for the documentation hosting API (the published operations of `@gitbook/api`), used by sync
 * and export so they work against Quire's own server and any server that implements the API.
 *
 * Each method checks its arguments (INVALID_ARGUMENT, before any request) and calls an internal operation.
 * Every request goes through one Transport: bearer auth, retries with backoff, a concurrency bound, counting.
 * Failures are QuireErrors: API_REQUEST_FAILED (with the answered `status`), API_UNREACHABLE, API_INVALID_RESPONSE.
 */
import type {
  ChangeRequest,
  ContentKitRenderOutput,
  CreateSpace,
  GitSyncCommit,
  IntegrationInstallation,
  InviteLinkToOrganization,
  InviteUsersToOrganization,
  OpenAPISpecContent,
  Organization,
  PublishedContentSite,
  Revision,
  RevisionFile,
  RevisionPage,
  Site,
  SiteSection,
  SiteSpace,
  Space,
  User,
} from '@gitbook/api';
import { createHash } from 'node:crypto';
import { QuireError } from '../errors/index.ts';
import {
  checkHttpUrl,
  checkId,
  checkObject,
  checkOptionalBoolean,
  checkOptionalEnum,
  checkOptionalLimit,
  checkOptionalString,
  checkPositiveInteger,
  checkPositiveNumber,
} from './argument-checks.ts';
import * as changeRequests from './change-request-operations.ts';
import type { ChangeRequestListOptions, ChangeRequestPatch, ContentUpdateResult, MergeChangeRequestResult, UpdateChangeRequestResult } from './change-request-operations.ts';
import { resolveContentLocation, type ContentLocation } from './content-location.ts';
import { checkContentChanges, EncodedContentChanges } from './encoded-content-changes.ts';
import * as content from './content-operations.ts';
import type { PageReadOptions, RevisionReadOptions } from './content-operations.ts';
import * as organizations from './organization-operations.ts';
import * as extensions from './quire-extension-operations.ts';
import type { ApiTokenCreation, ApiTokenInfo, ContentChange, CreatedApiToken, GitPathLocationsInfo, QuireServerInfo, RevisionBundleAnswer, RevisionDirectory, RevisionInfo, SyncPointInfo, SyncPointRecording, UploadedBlob } from './quire-extensions.ts';
import type { RequestCounts } from './request-counter.ts';
import { resolveRetryPolicy, retryBudgetFromEnvironment } from './retry-policy.ts';
import * as sites from './site-operations.ts';
import * as openapi from './openapi-operations.ts';
import * as integrations from './integration-operations.ts';
import * as spaces from './space-operations.ts';
import { Transport, type TransportOptions } from './transport.ts';
import * as users from './user-operations.ts';
import * as invites from './invite-operations.ts';
import type { EmailInviteInfo, InviteUsersAnswer } from './invite-operations.ts';

/**
 * How to reach the API: `baseUrl` (without `/v1`), `token`, and tuning (concurrency, retry, timeout, clock, random).
 * Without `retry.maxAttempts`, `QUIRE_API_ATTEMPTS` in the environment sets it (retry-policy.ts).
 */
export type ApiClientOptions = TransportOptions;

const changeRequestStatuses = ['draft', 'open', 'archived', 'merged'] as const;
const changeRequestOrders = ['updatedAt', 'createdAt'] as const;
const pageFormats = ['markdown', 'document'] as const;
const markdownRefs = ['relative', 'stable'] as const;

function checkRevisionRead(name: string, options: unknown): RevisionReadOptions {
  const given = options === undefined ? {} : checkObject(name, options);
  return {
    metadata: checkOptionalBoolean(`${name}.metadata`, given['metadata']),
    computed: checkOptionalBoolean(`${name}.computed`, given['computed']),
  };
}

function checkBooleanOr<const T extends string>(name: string, value: unknown, word: T): boolean | T | undefined {
  return value === word ? word : checkOptionalBoolean(name, value);
}

/**
 * Creates a client. Nothing is sent until a method is called; call `close()` when done.
 *
 * @example
 * const client = createApiClient({ baseUrl: 'http://127.0.0.1:8080', token: process.env.QUIRE_TOKEN });
 * const user = await client.getCurrentUser();
 * await client.close();
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const given = checkObject('options', options);
  const base = checkHttpUrl('options.baseUrl', given['baseUrl']);
  if (/\/v1\/?$/.test(base.pathname)) {
    const origin = `${base.origin}${base.pathname.replace(/\/v1\/?$/, '')}`.replace(/\/$/, '');
    throw new QuireError('INVALID_ARGUMENT', `options.baseUrl is the API origin, without /v1 (${origin}), as the official client's endpoint`, {
      field: 'options.baseUrl',
    });
  }
  const token = checkOptionalString('options.token', given['token']);
  if (token !== undefined && /[\r\n]/.test(token)) {
    throw new QuireError('INVALID_ARGUMENT', 'options.token must not contain a line break', { field: 'options.token' });
  }
  const clock = given['clock'];
  if (clock !== undefined && (typeof clock !== 'object' || clock === null || typeof (clock as { now?: unknown }).now !== 'function' || typeof (clock as { sleep?: unknown }).sleep !== 'function')) {
    throw new QuireError('INVALID_ARGUMENT', 'options.clock must have now() and sleep(ms)', { field: 'options.clock' });
  }
  if (given['random'] !== undefined && typeof given['random'] !== 'function') {
    throw new QuireError('INVALID_ARGUMENT', 'options.random must be a function returning a number in [0, 1)', { field: 'options.random' });
  }
  return new ApiClient(
    new Transport({
      baseUrl: base.toString(),
      token,
      userAgent: checkOptionalString('options.userAgent', given['userAgent']),
      concurrency: given['concurrency'] === undefined ? undefined : checkPositiveInteger('options.concurrency', given['concurrency']),
      timeoutMs: given['timeoutMs'] === undefined ? undefined : checkPositiveNumber('options.timeoutMs', given['timeoutMs']),
      retry: resolveRetryPolicy({
        ...retryBudgetFromEnvironment(process.env),
        ...(given['retry'] === undefined ? {} : (checkObject('options.retry', given['retry']) as ApiClientOptions['retry'])),
      }),
      clock: options.clock,
      random: options.random,
    }),
  );
}

/** A client for one API with one token. Build it with `createApiClient`. */
export class ApiClient {
  readonly #transport: Transport;

  /** @internal Use createApiClient. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** The API origin requests go to, e.g. `http://127.0.0.1:8080`. */
  get origin(): string {
    return this.#transport.origin;
  }

  /**
   * The user the token belongs to (getAuthenticatedUser, `GET /v1/user`).
   *
   * @example
   * const { id, displayName } = await client.getCurrentUser();
   */
  getCurrentUser(): Promise<User> {
    return users.getCurrentUser(this.#transport);
  }

  /**
   * Every organization the user belongs to (`GET /v1/orgs`), following pages.
   *
   * @example
   * for await (const organization of client.listOrganizations()) console.log(organization.id, organization.title);
   */
  listOrganizations(options: { readonly limit?: number | undefined } = {}): AsyncIterable<Organization> {
    const given = checkObject('options', options);
    return organizations.listOrganizations(this.#transport, checkOptionalLimit('options.limit', given['limit']));
  }

  /**
   * Every space of an organization (`GET /v1/orgs/{organizationId}/spaces`), following pages.
   *
   * @example
   * for await (const space of client.listSpaces('org1')) console.log(space.id, space.title);
   */
  listSpaces(organizationId: string, options: { readonly limit?: number | undefined } = {}): AsyncIterable<Space> {
    const org = checkId('organizationId', organizationId);
    const given = checkObject('options', options);
    return organizations.listSpaces(this.#transport, org, checkOptionalLimit('options.limit', given['limit']));
  }

  /**
   * A space (`GET /v1/spaces/{spaceId}`), optionally through a share key.
   *
   * @example
   * const space = await client.getSpace('space1');
   */
  getSpace(spaceId: string, options: { readonly shareKey?: string | undefined } = {}): Promise<Space> {
    const id = checkId('spaceId', spaceId);
    const given = checkObject('options', options);
    return spaces.getSpace(this.#transport, id, checkOptionalString('options.shareKey', given['shareKey']));
  }

  /**
   * Creates a space in an organization (`POST /v1/orgs/{organizationId}/spaces`). Not retried once it may have been
   * sent, so a flaky network cannot create two.
   *
   * @example
   * const space = await client.createSpace('org1', { title: 'Handbook' });
   */
  createSpace(organizationId: string, body: CreateSpace = {}): Promise<Space> {
    const org = checkId('organizationId', organizationId);
    const given = checkObject('body', body);
    checkOptionalString('body.title', given['title']);
    return organizations.createSpace(this.#transport, org, body);
  }

  /**
   * A revision: the live one of a space (getCurrentRevision), a given one (getRevisionById) or a change request's
   * head (getRevisionOfChangeRequestById), chosen by `location`.
   *
   * @example
   * const live = await client.getRevision({ spaceId: 'space1' });
   * const old = await client.getRevision({ spaceId: 'space1', revisionId: 'rev1' }, { computed: false });
   */
  getRevision(location: ContentLocation, options: RevisionReadOptions = {}): Promise<Revision> {
    const at = resolveContentLocation('location', location);
    return content.getRevision(this.#transport, at, checkRevisionRead('options', options));
  }

  /**
   * The page tree at `location` (listPages and its variants answer `{ pages }`, one request, no pagination).
   *
   * @example
   * const pages = await client.listPages({ spaceId: 'space1', changeRequestId: 'cr1' });
   */
  listPages(location: ContentLocation, options: RevisionReadOptions = {}): Promise<RevisionPage[]> {
    const at = resolveContentLocation('location', location);
    return content.listPages(this.#transport, at, checkRevisionRead('options', options));
  }

  /**
   * Every file at `location` (listFiles and its variants), following pages.
   *
   * @example
   * for await (const file of client.listFiles({ spaceId: 'space1' })) console.log(file.name, file.downloadURL);
   */
  listFiles(location: ContentLocation, options: RevisionReadOptions & { readonly limit?: number | undefined } = {}): AsyncIterable<RevisionFile> {
    const at = resolveContentLocation('location', location);
    const read = checkRevisionRead('options', options);
    return content.listFiles(this.#transport, at, { ...read, limit: checkOptionalLimit('options.limit', options.limit) });
  }

  /**
   * One file at `location` (getFileById and its variants).
   *
   * @example
   * const file = await client.getFile({ spaceId: 'space1', revisionId: 'rev1' }, 'file1');
   */
  getFile(location: ContentLocation, fileId: string, options: RevisionReadOptions = {}): Promise<RevisionFile> {
    const at = resolveContentLocation('location', location);
    return content.getFile(this.#transport, at, checkId('fileId', fileId), checkRevisionRead('options', options));
  }

  /**
   * One page at `location` (getPageById and its variants), as Markdown unless `format: 'document'` is given.
   *
   * @example
   * const page = await client.getPage({ spaceId: 'space1' }, 'page1');
   * if (page.type === 'document' && 'markdown' in page) console.log(page.markdown);
   */
  getPage(location: ContentLocation, pageId: string, options: PageReadOptions = {}): Promise<RevisionPage> {
    const at = resolveContentLocation('location', location);
    const id = checkId('pageId', pageId);
    const read = checkRevisionRead('options', options);
    return content.getPage(this.#transport, at, id, {
      ...read,
      format: checkOptionalEnum('options.format', options.format, pageFormats),
      markdownRefs: checkOptionalEnum('options.markdownRefs', options.markdownRefs, markdownRefs),
      evaluated: checkBooleanOr('options.evaluated', options.evaluated, 'deterministic-only'),
      dereferenced: checkBooleanOr('options.dereferenced', options.dereferenced, 'reusable-contents'),
    });
  }

  /**
   * Every change request of a space matching the filters, following pages. Without `status` the server lists open ones.
   *
   * @example
   * for await (const cr of client.listChangeRequests('space1', { status: 'open' })) console.log(cr.number, cr.subject);
   */
  listChangeRequests(spaceId: string, options: ChangeRequestListOptions = {}): AsyncIterable<ChangeRequest> {
    const id = checkId('spaceId', spaceId);
    const given = checkObject('options', options);
    return changeRequests.listChangeRequests(this.#transport, id, {
      status: checkOptionalEnum('options.status', given['status'], changeRequestStatuses),
      orderBy: checkOptionalEnum('options.orderBy', given['orderBy'], changeRequestOrders),
      creator: checkOptionalString('options.creator', given['creator']),
      limit: checkOptionalLimit('options.limit', given['limit']),
    });
  }

  /**
   * Opens a change request (`POST /v1/spaces/{spaceId}/change-requests`). Not retried once it may have been sent.
   *
   * @example
   * const cr = await client.createChangeRequest('space1', { subject: 'Import commit abc123' });
   */
  createChangeRequest(spaceId: string, options: { readonly subject?: string | undefined } = {}): Promise<ChangeRequest> {
    const id = checkId('spaceId', spaceId);
    const given = checkObject('options', options);
    return changeRequests.createChangeRequest(this.#transport, id, checkOptionalString('options.subject', given['subject']));
  }

  /**
   * A change request (getChangeRequestById).
   *
   * @example
   * const cr = await client.getChangeRequest('space1', 'cr1');
   */
  getChangeRequest(spaceId: string, changeRequestId: string): Promise<ChangeRequest> {
    return changeRequests.getChangeRequest(this.#transport, checkId('spaceId', spaceId), checkId('changeRequestId', changeRequestId));
  }

  /**
   * Applies 1 to 50 content changes (500 with `origin: 'git'` on a server offering `git-batches`) to a change request atomically (updateChangeRequestContent, sent with
   * `compat=false` so the answer lists the pages created, updated and deleted). Not retried once it may have been sent.
   * `options.origin: 'git'` (Quire's extension) says the changes are a Git repository's files: the space stores them
   * as Git wrote them and rewrites no link after moves.
   *
   * @example
   * const { changes } = await client.updateChangeRequestContent('space1', 'cr1', [
   *   { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: '# Guide' } },
   * ]);
   */
  updateChangeRequestContent(
    spaceId: string,
    changeRequestId: string,
    changes: readonly ContentChange[] | EncodedContentChanges,
    options: { readonly origin?: 'git' | 'service' | undefined } = {},
  ): Promise<ContentUpdateResult> {
    const id = checkId('spaceId', spaceId);
    const cr = checkId('changeRequestId', changeRequestId);
    const origin = checkObject('options', options)['origin'];
    if (origin !== undefined && origin !== 'git' && origin !== 'service') {
      throw new QuireError('INVALID_ARGUMENT', `options.origin must be "git" or "service", got ${JSON.stringify(origin)}`, { field: 'options.origin' });
    }
    // 500 from Git on a server offering `git-batches` (it refuses what it does not take); the published 50 otherwise.
    const max = origin === 'git' ? 500 : 50;
    // Encoded changes were checked as they were encoded (EncodedContentChanges.of).
    const count = changes instanceof EncodedContentChanges ? changes.count : Array.isArray(changes) ? changes.length : undefined;
    if (count === undefined || count < 1 || count > max) {
      throw new QuireError('INVALID_ARGUMENT', `changes must be an array of 1 to ${max} changes, got ${count ?? typeof changes}`, { field: 'changes' });
    }
    if (!(changes instanceof EncodedContentChanges)) checkContentChanges(changes);
    return changeRequests.updateChangeRequestContent(this.#transport, id, cr, changes, origin);
  }

  /**
   * Merges a change request into the space (`POST .../merge`). `result: 'conflicts'` means nothing changed.
   *
   * @example
   * const { result, revision } = await client.mergeChangeRequest('space1', 'cr1');
   */
  mergeChangeRequest(spaceId: string, changeRequestId: string): Promise<MergeChangeRequestResult> {
    return changeRequests.mergeChangeRequest(this.#transport, checkId('spaceId', spaceId), checkId('changeRequestId', changeRequestId));
  }

  /**
   * Changes a change request's subject or status (updateChangeRequestById, `PATCH`): `open` makes a draft ready for
   * review. Safe to retry.
   *
   * @example
   * await client.patchChangeRequest('space1', 'cr1', { status: 'open' });
   */
  patchChangeRequest(spaceId: string, changeRequestId: string, patch: ChangeRequestPatch): Promise<ChangeRequest> {
    const given = checkObject('patch', patch);
    const subject = given['subject'] === undefined ? undefined : typeof given['subject'] === 'string' && given['subject'].length <= 100 ? given['subject'] : undefined;
    if (given['subject'] !== undefined && subject === undefined) throw new QuireError('INVALID_ARGUMENT', 'patch.subject must be a string of at most 100 characters', { field: 'patch.subject' });
    const status = checkOptionalEnum('patch.status', given['status'], ['draft', 'open', 'archived'] as const);
    return changeRequests.patchChangeRequest(this.#transport, checkId('spaceId', spaceId), checkId('changeRequestId', changeRequestId), { subject, status });
  }

  /**
   * Brings a change request up to date with the space (`POST .../update`). Safe to retry.
   *
   * @example
   * const { result } = await client.updateChangeRequest('space1', 'cr1');
   */
  updateChangeRequest(spaceId: string, changeRequestId: string): Promise<UpdateChangeRequestResult> {
    return changeRequests.updateChangeRequest(this.#transport, checkId('spaceId', spaceId), checkId('changeRequestId', changeRequestId));
  }

  /**
   * What the server says about itself (`GET /v1/quire`, a Quire extension): its version and extensions.
   * Undefined when the server does not have the route (it implements the published API only).
   *
   * @example
   * const info = await client.getQuireServerInfo();
   * const canKeepBytes = info?.extensions.includes('git-metadata') ?? false;
   */
  getQuireServerInfo(): Promise<QuireServerInfo | undefined> {
    return extensions.getQuireServerInfo(this.#transport);
  }

  /**
   * Uploads a file's bytes as a raw stream (`POST /v1/spaces/{spaceId}/quire/blobs`, extension `file-uploads`),
   * with their size, SHA-256 and Git blob id for the server to check; a change then names them by `blob`
   * instead of `base64`. A file over the server's limit is refused with 413 (`FILE_TOO_LARGE`).
   *
   * @example
   * const { blob } = await client.uploadBlob('space1', await readFile('demo.gif'));
   * await client.updateChangeRequestContent('space1', cr, [{ operation: 'insert_files', files: [{ name: 'demo.gif', contentType: 'image/gif', blob }] }]);
   */
  uploadBlob(spaceId: string, bytes: Uint8Array): Promise<UploadedBlob> {
    const id = checkId('spaceId', spaceId);
    if (!(bytes instanceof Uint8Array)) throw new QuireError('INVALID_ARGUMENT', 'bytes must be a Uint8Array', { field: 'bytes' });
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const oid = createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
    return extensions.uploadBlob(this.#transport, id, bytes, { sha256, oid });
  }

  /**
   * A space's revisions without their content, newest first (`GET /v1/spaces/{spaceId}/revisions`, extension
   * `revision-history`), following pages only as far as the caller reads.
   *
   * @example
   * for await (const revision of client.listRevisions('space1', { limit: 20 })) if (revision.git) break;
   */
  listRevisions(spaceId: string, options: { readonly limit?: number | undefined } = {}): AsyncIterable<RevisionInfo> {
    const id = checkId('spaceId', spaceId);
    const given = checkObject('options', options);
    return extensions.listRevisions(this.#transport, id, checkOptionalLimit('options.limit', given['limit']));
  }

  /**
   * A revision written out as a Git Sync directory (extension `directory`); with `since`, only what differs from
   * that revision's directory (`deleted` lists the paths it no longer has).
   *
   * @example
   * const { files, deleted } = await client.getRevisionDirectory('space1', 'rev2', { since: 'rev1' });
   */
  getRevisionDirectory(spaceId: string, revisionId: string, options: { readonly since?: string | undefined } = {}): Promise<RevisionDirectory> {
    const given = checkObject('options', options);
    const since = given['since'] === undefined ? undefined : checkId('options.since', given['since']);
    return extensions.getRevisionDirectory(this.#transport, checkId('spaceId', spaceId), checkId('revisionId', revisionId), since);
  }

  /**
   * A revision's whole content in one answer (`GET .../revisions/{revisionId}/bundle`, extension `bundle`): the
   * published revision, every page and reusable-content body, every file's bytes in base64, and the directory
   * source, as a bundle file's JSON value. `bundleFromValue` (src/format) checks it and decodes the bytes.
   *
   * @example
   * const bundle = bundleFromValue(await client.getRevisionBundle('space1', 'rev2'));
   */
  getRevisionBundle(spaceId: string, revisionId: string): Promise<RevisionBundleAnswer> {
    return extensions.getRevisionBundle(this.#transport, checkId('spaceId', spaceId), checkId('revisionId', revisionId));
  }

  /**
   * Records the Git commit a revision corresponds to (`PUT .../revisions/{revisionId}/git`, extension
   * `git-metadata`). Safe to retry.
   *
   * @example
   * await client.setRevisionGit('space1', 'rev2', { oid, message: 'Fix typo', createdByGitBook: false, ref: 'refs/heads/main' });
   */
  setRevisionGit(spaceId: string, revisionId: string, git: GitSyncCommit): Promise<RevisionInfo> {
    const given = checkObject('git', git);
    if (typeof given['oid'] !== 'string' || !/^[0-9a-f]{40}$/.test(given['oid'])) {
      throw new QuireError('INVALID_ARGUMENT', 'git.oid must be a 40-character hexadecimal commit id', { field: 'git.oid' });
    }
    if (typeof given['message'] !== 'string') throw new QuireError('INVALID_ARGUMENT', 'git.message must be a string', { field: 'git.message' });
    return extensions.setRevisionGit(this.#transport, checkId('spaceId', spaceId), checkId('revisionId', revisionId), git);
  }

  /**
   * Where revision `revisionId` keeps each of `paths` (extension `git-paths`, at most 1,000 paths): the page, file or
   * reusable content recorded with it; a path the revision lacks is absent. Safe to retry.
   *
   * @example
   * const { locations } = await client.locateGitPaths('space1', 'rev2', ['guide/install.md']);
   */
  locateGitPaths(spaceId: string, revisionId: string, paths: readonly string[]): Promise<GitPathLocationsInfo> {
    if (!Array.isArray(paths) || !paths.every((path) => typeof path === 'string' && path !== '')) {
      throw new QuireError('INVALID_ARGUMENT', 'paths must be an array of non-empty Git paths', { field: 'paths' });
    }
    return extensions.locateGitPaths(this.#transport, checkId('spaceId', spaceId), checkId('revisionId', revisionId), paths);
  }

  /**
   * The space's sync points, one per repository and ref (extension `sync-points`).
   *
   * @example
   * const mine = (await client.listSyncPoints('space1')).find((point) => point.repository === root && point.ref === 'refs/heads/main');
   */
  listSyncPoints(spaceId: string): Promise<SyncPointInfo[]> {
    return extensions.listSyncPoints(this.#transport, checkId('spaceId', spaceId));
  }

  /**
   * Records where a repository's branch and the space agree (extension `sync-points`), replacing its previous one;
   * with `git` (extension `sync-point-git`), the revision's Git commit too.
   *
   * @example
   * await client.setSyncPoint('space1', { repository: root, ref: 'refs/heads/main', revision: 'rev2', commit: oid });
   */
  setSyncPoint(spaceId: string, point: SyncPointRecording): Promise<SyncPointInfo> {
    return extensions.setSyncPoint(this.#transport, checkId('spaceId', spaceId), point);
  }

  /**
   * API tokens (extension `api-tokens`): the caller's own (`GET /v1/quire/tokens`), or with `organizationId`
   * those of the organization's members (`GET /v1/orgs/{organizationId}/quire/tokens`, admins only), following pages.
   *
   * @example
   * for await (const token of client.listApiTokens()) console.log(token.id, token.label, token.lastUsedAt);
   */
  listApiTokens(options: { readonly organizationId?: string | undefined; readonly limit?: number | undefined } = {}): AsyncIterable<ApiTokenInfo> {
    const given = checkObject('options', options);
    const organizationId = given['organizationId'] === undefined ? undefined : checkId('options.organizationId', given['organizationId']);
    return extensions.listApiTokens(this.#transport, organizationId, checkOptionalLimit('options.limit', given['limit']));
  }

  /**
   * Makes a token for the caller (`POST /v1/quire/tokens`, extension `api-tokens`); keep `token`, it is never
   * shown again. Not retried once it may have been sent.
   *
   * @example
   * const { token, expiresAt } = await client.createApiToken({ label: 'CI', expiresIn: '30d' });
   */
  createApiToken(body: ApiTokenCreation = {}): Promise<CreatedApiToken> {
    const given = checkObject('body', body);
    const label = checkOptionalString('body.label', given['label']);
    const expiresAt = checkOptionalString('body.expiresAt', given['expiresAt']);
    const expiresIn = checkOptionalString('body.expiresIn', given['expiresIn']);
    return extensions.createApiToken(this.#transport, {
      ...(label === undefined ? {} : { label }),
      ...(expiresAt === undefined ? {} : { expiresAt }),
      ...(expiresIn === undefined ? {} : { expiresIn }),
    });
  }

  /**
   * Revokes a token (extension `api-tokens`): one of the caller's (`DELETE /v1/quire/tokens/{tokenId}`), or with
   * `organizationId` one of the organization's members' (admins only). A token that is not there is a 404
   * (ApiRequestError).
   *
   * @example
   * await client.revokeApiToken('tok1');
   */
  revokeApiToken(tokenId: string, options: { readonly organizationId?: string | undefined } = {}): Promise<void> {
    const id = checkId('tokenId', tokenId);
    const given = checkObject('options', options);
    const organizationId = given['organizationId'] === undefined ? undefined : checkId('options.organizationId', given['organizationId']);
    return extensions.revokeApiToken(this.#transport, id, organizationId);
  }

  /**
   * The published site profile (getPublishedContentSite): site, structure, customizations. Export starts here.
   *
   * @example
   * const { structure, customizations } = await client.getPublishedSite('org1', 'site1');
   */
  getPublishedSite(organizationId: string, siteId: string, options: { readonly shareKey?: string | undefined } = {}): Promise<PublishedContentSite> {
    const org = checkId('organizationId', organizationId);
    const site = checkId('siteId', siteId);
    const given = checkObject('options', options);
    return sites.getPublishedSite(this.#transport, org, site, checkOptionalString('options.shareKey', given['shareKey']));
  }

  /**
   * Every site of an organization (listSites, `GET /v1/orgs/{organizationId}/sites`), following pages.
   *
   * @example
   * for await (const site of client.listSites('org1')) console.log(site.id, site.title, site.published);
   */
  listSites(organizationId: string, options: { readonly limit?: number | undefined } = {}): AsyncIterable<Site> {
    const org = checkId('organizationId', organizationId);
    const given = checkObject('options', options);
    return sites.listSites(this.#transport, org, checkOptionalLimit('options.limit', given['limit']));
  }

  /**
   * A site of an organization, published or not (getSiteById).
   *
   * @example
   * const { published } = await client.getSite('org1', 'site1');
   */
  getSite(organizationId: string, siteId: string): Promise<Site> {
    return sites.getSite(this.#transport, checkId('organizationId', organizationId), checkId('siteId', siteId));
  }

  /**
   * The content of the latest version of an organization's OpenAPI specification (getLatestOpenAPISpecVersionContent):
   * its files, `{ filesystem, urls }`; undefined when there is no such specification or it has no version yet.
   *
   * @example
   * const content = await client.getLatestOpenApiSpecContent('org1', 'petstore');
   */
  getLatestOpenApiSpecContent(organizationId: string, specSlug: string): Promise<OpenAPISpecContent | undefined> {
    return openapi.getLatestOpenApiSpecContent(this.#transport, checkId('organizationId', organizationId), checkId('specSlug', specSlug));
  }

  /**
   * Renders a block of an integration in a document (renderIntegrationUIWithPost): the script's ContentKit output,
   * with the installation of the space's organization when there is one; undefined when there is no such integration.
   *
   * @example
   * const output = await client.renderIntegrationBlock('hello-block', { componentId: 'hello', props: { name: 'Ada' }, context: { type: 'document', theme: 'light', spaceId: 'space1', editable: false } });
   */
  renderIntegrationBlock(integrationName: string, request: integrations.IntegrationBlockRenderRequest): Promise<ContentKitRenderOutput | undefined> {
    const name = checkId('integrationName', integrationName);
    const given = checkObject('request', request);
    checkId('request.componentId', given['componentId']);
    checkObject('request.props', given['props']);
    checkObject('request.context', given['context']);
    return integrations.renderIntegrationBlock(this.#transport, name, request);
  }

  /**
   * The installations of an integration (listIntegrationInstallations) on organizations the caller administers,
   * following pages; nothing when there is no such integration.
   *
   * @example
   * for await (const installation of client.listIntegrationInstallations('hello-block')) console.log(installation.target.organization);
   */
  listIntegrationInstallations(integrationName: string, options: { readonly limit?: number | undefined } = {}): AsyncIterable<IntegrationInstallation> {
    const name = checkId('integrationName', integrationName);
    const given = checkObject('options', options);
    return integrations.listIntegrationInstallations(this.#transport, name, checkOptionalLimit('options.limit', given['limit']));
  }

  /**
   * Creates a site in an organization (createSite). Not retried once it may have been sent.
   *
   * @example
   * const site = await client.createSite('org1', { title: 'Docs', visibility: 'public' });
   */
  createSite(organizationId: string, body: sites.SiteCreation): Promise<Site> {
    const org = checkId('organizationId', organizationId);
    const given = checkObject('body', body);
    checkOptionalString('body.title', given['title']);
    return sites.createSite(this.#transport, org, body);
  }

  /**
   * Adds a space to a site (addSpaceToSite): into its default section, or at its root when it has none.
   *
   * @example
   * await client.addSpaceToSite('org1', 'site1', 'space1');
   */
  addSpaceToSite(organizationId: string, siteId: string, spaceId: string): Promise<SiteSpace> {
    return sites.addSpaceToSite(this.#transport, checkId('organizationId', organizationId), checkId('siteId', siteId), checkId('spaceId', spaceId));
  }

  /**
   * Adds a section to a site that shows a space (addSectionToSite); `title` defaults to the space's title. A site's
   * first section takes in the site spaces at its root.
   *
   * @example
   * await client.addSectionToSite('org1', 'site1', 'space1', { title: 'Guides' });
   */
  addSectionToSite(organizationId: string, siteId: string, spaceId: string, options: { readonly title?: string | undefined } = {}): Promise<SiteSection> {
    const given = checkObject('options', options);
    const title = checkOptionalString('options.title', given['title']);
    return sites.addSectionToSite(this.#transport, checkId('organizationId', organizationId), checkId('siteId', siteId), checkId('spaceId', spaceId), title);
  }

  /**
   * Publishes a site (publishSite): its published profile becomes readable.
   *
   * @example
   * await client.publishSite('org1', 'site1');
   */
  publishSite(organizationId: string, siteId: string): Promise<Site> {
    return sites.publishSite(this.#transport, checkId('organizationId', organizationId), checkId('siteId', siteId));
  }

  /**
   * Unpublishes a site (unpublishSite): its published profile is no longer readable; its content is kept.
   *
   * @example
   * await client.unpublishSite('org1', 'site1');
   */
  unpublishSite(organizationId: string, siteId: string): Promise<Site> {
    return sites.unpublishSite(this.#transport, checkId('organizationId', organizationId), checkId('siteId', siteId));
  }

  /**
   * The bytes of a file from its absolute `downloadURL`, following redirects. The token is sent only when the URL
   * (or a redirect target) is on the API's origin.
   *
   * @example
   * const bytes = await client.downloadFile(file.downloadURL);
   */
  downloadFile(downloadURL: string | URL): Promise<Uint8Array> {
    return this.#transport.bytes(checkHttpUrl('downloadURL', downloadURL));
  }

  /**
   * Invites users to an organization by e-mail (inviteUsersToOrganization); a Quire server answers each join link.
   *
   * @example
   * const { invites } = await client.inviteUsers('org1', { emails: ['ada@example.com'], role: 'edit' });
   */
  inviteUsers(organizationId: string, body: InviteUsersToOrganization): Promise<InviteUsersAnswer> {
    const org = checkId('organizationId', organizationId);
    checkObject('body', body);
    return invites.inviteUsers(this.#transport, org, body);
  }

  /**
   * The pending e-mail invites of an organization (Quire's `email-invites` extension), following pages.
   *
   * @example
   * for await (const invite of client.listEmailInvites('org1')) console.log(invite.email, invite.url);
   */
  listEmailInvites(organizationId: string): AsyncIterable<EmailInviteInfo> {
    return invites.listEmailInvites(this.#transport, checkId('organizationId', organizationId));
  }

  /**
   * The invite links of an organization (listOrganizationInviteLinks), following pages.
   *
   * @example
   * for await (const link of client.listInviteLinks('org1')) console.log(link.id, link.role);
   */
  listInviteLinks(organizationId: string): AsyncIterable<InviteLinkToOrganization> {
    return invites.listInviteLinks(this.#transport, checkId('organizationId', organizationId));
  }

  /**
   * Deletes an invite link or a pending e-mail invite (deleteOrganizationInviteById).
   *
   * @example
   * await client.deleteInvite('org1', 'inv1');
   */
  deleteInvite(organizationId: string, inviteId: string): Promise<void> {
    return invites.deleteInvite(this.#transport, checkId('organizationId', organizationId), checkId('inviteId', inviteId));
  }

  /**
   * The HTTP requests sent so far: total, retries, and per method and route template.
   *
   * @example
   * client.resetRequestCounts();
   * await sync(client);
   * console.log(client.requestCounts().total);
   */
  requestCounts(): RequestCounts {
    return this.#transport.counts();
  }

  /** Sets the request counts back to zero. */
  resetRequestCounts(): void {
    this.#transport.resetCounts();
  }

  /**
   * Settles once every request this client has started is written to its connection, so the server has it (or has
   * failed): a request on a new connection waits for the connection, which a long synchronous task would hold back.
   * Requests still waiting for a free connection (more at once than the client's concurrency) are not waited for.
   *
   * @example
   * const answering = client.getRevisionBundle(spaceId, revisionId);
   * await client.requestsWritten();
   * loadSomethingLarge(); // while the server prepares the answer
   */
  requestsWritten(): Promise<void> {
    return this.#transport.written();
  }

  /**
   * Waits for the requests in flight, then closes the connections. Calls after this throw.
   *
   * @example
   * try { await work(client); } finally { await client.close(); }
   */
  close(): Promise<void> {
    return this.#transport.close();
  }
}
