import type { Generated } from 'kysely';

/*
 * The tables as Kysely sees them (snake_case, as stored). Portable types only: text, integer; timestamps are
 * ISO 8601 text (`Date#toISOString`, fixed width, so text order is time order); booleans are 0/1 integers;
 * structured values are JSON text. `migrations/` creates these tables; keep the two in step.
 */

export interface Database {
  users: UsersTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  api_tokens: ApiTokensTable;
  collections: CollectionsTable;
  spaces: SpacesTable;
  revisions: RevisionsTable;
  change_requests: ChangeRequestsTable;
  objects: ObjectsTable;
  documents: DocumentsTable;
  sites: SitesTable;
  site_section_groups: SiteSectionGroupsTable;
  site_sections: SiteSectionsTable;
  site_spaces: SiteSpacesTable;
  site_share_links: SiteShareLinksTable;
  sync_points: SyncPointsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  content_user_permissions: ContentUserPermissionsTable;
  content_team_permissions: ContentTeamPermissionsTable;
  signing_keys: SigningKeysTable;
  comments: CommentsTable;
  comment_replies: CommentRepliesTable;
  comment_reactions: CommentReactionsTable;
  organization_invites: OrganizationInvitesTable;
  link_extracts: LinkExtractsTable;
  search_index_state: SearchIndexStateTable;
  search_pages: SearchPagesTable;
  search_sections: SearchSectionsTable;
  change_request_pdfs: ChangeRequestPdfsTable;
  import_runs: ImportRunsTable;
  translations: TranslationsTable;
  saml_providers: SamlProvidersTable;
  saml_requests: SamlRequestsTable;
  saml_assertions: SamlAssertionsTable;
  openapi_specs: OpenApiSpecsTable;
  openapi_spec_versions: OpenApiSpecVersionsTable;
  integrations: IntegrationsTable;
  integration_scripts: IntegrationScriptsTable;
  integration_installations: IntegrationInstallationsTable;
  integration_content_installations: IntegrationContentInstallationsTable;
  integration_events: IntegrationEventsTable;
  integration_deliveries: IntegrationDeliveriesTable;
  integration_signing_secrets: IntegrationSigningSecretsTable;
}

export interface SitesTable {
  id: string;
  organization_id: string;
  title: string;
  type: string;
  visibility: string;
  published: number;
  basename: string | null;
  proxy: string | null;
  default_level: string | null;
  adaptive_content: number;
  agents_context: string | null;
  default_section_id: string | null;
  /** The default site space at the root level (a site without sections). */
  default_site_space_id: string | null;
  /** JSON `SiteCustomizationSettingsInput`, or null: the defaults. */
  customization: string | null;
  customization_updated_at: string | null;
  /** JSON `SiteAdaptiveJSONSchema`, or null: the empty schema. */
  adaptive_schema: string | null;
  adaptive_schema_updated_at: string | null;
  /** Bumped by every structural write: the row lock that serializes them. */
  structure_version: number;
  created_at: string;
  updated_at: string;
}

export interface SiteSectionGroupsTable {
  id: string;
  site_id: string;
  parent_id: string | null;
  title: string;
  icon: string | null;
  position: string;
  created_at: string;
}

export interface SiteSectionsTable {
  id: string;
  site_id: string;
  group_id: string | null;
  title: string;
  path: string;
  description: string | null;
  icon: string | null;
  condition: string | null;
  default_site_space_id: string | null;
  position: string;
  created_at: string;
}

export interface SiteSpacesTable {
  id: string;
  site_id: string;
  section_id: string | null;
  /** The section id, or '' at the root: paths are unique per (site, level). */
  level_key: string;
  space_id: string;
  path: string;
  title: string | null;
  condition: string | null;
  hidden: number;
  /** JSON overrides of the site's customization, or null: none. */
  customization: string | null;
  customization_updated_at: string | null;
  position: string;
  created_at: string;
}

export interface SiteShareLinksTable {
  id: string;
  site_id: string;
  name: string;
  /** SHA-256 hex of the key; the key itself is never stored. */
  key_hash: string;
  active: number;
  created_at: string;
}

export interface UsersTable {
  id: string;
  display_name: string;
  email: string | null;
  photo_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrganizationsTable {
  id: string;
  title: string;
  created_at: string;
  updated_at: string;
  /** JSON array of strings. */
  email_domains: string;
  hostname: string | null;
  type: string;
  use_case: string | null;
  community_type: string | null;
  default_role: string | null;
  /** JSON `{ type: 'site', site }` or null. */
  default_content: string | null;
  sso: number;
  ai: number;
  invite_links: number;
  plan: string;
  custom_hostname: string | null;
  logo_url: string | null;
}

export interface MembershipsTable {
  organization_id: string;
  user_id: string;
  /** null: a guest. */
  role: string | null;
  disabled: number;
  sso: number;
  joined_at: string;
  last_seen_at: string | null;
  /** Who asked the admins to remove this member (published 202), or null. */
  removal_requested_by: string | null;
  removal_requested_at: string | null;
}

export interface ApiTokensTable {
  id: string;
  user_id: string;
  /** SHA-256 hex of the token; the token itself is never stored. */
  token_hash: string;
  label: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

export interface CollectionsTable {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  description: string | null;
  default_level: string | null;
  position: string;
  created_at: string;
  updated_at: string;
}

export interface SpacesTable {
  id: string;
  organization_id: string;
  parent_id: string | null;
  position: string;
  title: string;
  emoji: string;
  visibility: string;
  edit_mode: string | null;
  default_level: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** The head revision (the space's content); null only inside the transaction that creates the space. */
  revision_id: string | null;
  /** The last change request number handed out in this space. */
  change_request_seq: number;
  comments: number;
  /** JSON GitSyncState or null. */
  git_sync: string | null;
}

export interface RevisionsTable {
  id: string;
  space_id: string;
  type: string;
  /** JSON array of revision ids. */
  parents: string;
  created_at: string;
  /** Hash of the revision's root content object. */
  content: string;
  /** JSON GitSyncCommit or null. */
  git: string | null;
  merged_from: string | null;
}

/** Per repository and branch, the revision and commit a space last synced with (migration 0003). */
export interface SyncPointsTable {
  space_id: string;
  /** The repository's identity as sync gives it: the root commit of the branch's first-parent history. */
  repository: string;
  /** The full ref: `refs/heads/main`. */
  ref: string;
  revision_id: string;
  commit_oid: string;
  recorded_at: string;
  /** JSON array of the paths the revision lacks of the commit (refused files); NULL: unknown (recorded before it was kept). */
  missing_paths: string | null;
}

export interface ChangeRequestsTable {
  id: string;
  space_id: string;
  number: number;
  status: string;
  subject: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  revision_initial: string;
  revision: string;
  revision_merged_ancestor: string | null;
  revision_merged: string | null;
  merged_by: string | null;
  merged_at: string | null;
  comments: number;
}

export interface ObjectsTable {
  /** SHA-256 hex of `body`. */
  hash: string;
  kind: string;
  /** Canonical JSON. */
  body: string;
}

export interface DocumentsTable {
  /** Derived from `markdown` (see `documentIdFor`). */
  id: string;
  markdown: string;
  created_at: string;
}

export interface TeamsTable {
  id: string;
  organization_id: string;
  /** 1 to 64 characters. */
  title: string;
  created_at: string;
  updated_at: string;
  /** `title` in lower case (JavaScript's `toLowerCase`), for the case-insensitive title filters (migration 0010). */
  title_search: string;
}

/** A member of a team; always a member of the team's organization too (foreign key to `memberships`). */
export interface TeamMembersTable {
  team_id: string;
  organization_id: string;
  user_id: string;
  /** `owner` or `member`. */
  role: string;
  joined_at: string;
}

/** An explicit role on a space or collection (`content_kind`) for a member of the organization. */
export interface ContentUserPermissionsTable {
  content_kind: string;
  content_id: string;
  organization_id: string;
  user_id: string;
  role: string;
  created_at: string;
}

/** An explicit role on a space or collection (`content_kind`) for a team. */
export interface ContentTeamPermissionsTable {
  content_kind: string;
  content_id: string;
  organization_id: string;
  team_id: string;
  role: string;
  created_at: string;
}

/** A key visitor-claims tokens are signed with (migration 0009); one generation is current at a time. */
export interface SigningKeysTable {
  kid: string;
  /** 1, 2, ...: unique, so concurrent rotations cannot both make a key. The highest is the current key. */
  generation: number;
  /** The JWS algorithm (`ES256`). */
  algorithm: string;
  /** JSON public JWK (with `kid`, `alg`, `use`): what the JWKS serves. */
  public_jwk: string;
  /** JSON private JWK: never served. */
  private_jwk: string;
  created_at: string;
  /** When the next generation replaced it; null while it is current. */
  retired_at: string | null;
}

/** A comment on a space, or on a change request of it (migration 0007). Open while `resolved_at` is null. */
export interface CommentsTable {
  id: string;
  space_id: string;
  change_request_id: string | null;
  /** The revision the comment was posted on (the space's or the change request's head then). */
  revision_id: string;
  page_id: string | null;
  node_id: string | null;
  /** JSON `{ record, definition }` or null. */
  table_cell: string | null;
  /** Markdown. */
  body: string;
  posted_by: string;
  posted_at: string;
  edited_at: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
}

/** A reply to a comment. */
export interface CommentRepliesTable {
  id: string;
  comment_id: string;
  /** Markdown. */
  body: string;
  posted_by: string;
  posted_at: string;
  edited_at: string | null;
}

/** One user's emoji on a comment (`reply_id` '') or on one of its replies. */
export interface CommentReactionsTable {
  comment_id: string;
  reply_id: string;
  user_id: string;
  emoji: string;
  reacted_at: string;
}

/** Invites to an organization: links and pending e-mail invites (migration 0008). */
export interface OrganizationInvitesTable {
  id: string;
  organization_id: string;
  /** `link` or `email`. */
  kind: string;
  /** Lower-cased; only on `email` invites. */
  email: string | null;
  /** null: a guest. */
  role: string | null;
  sso: number;
  created_by: string | null;
  created_at: string;
}

/** The links of one page body written at one path (migration 0013): JSON `ExtractedLink[]`, immutable. */
export interface LinkExtractsTable {
  /** SHA-256 (hex) of `document_id`, a newline and `page_path`. */
  key: string;
  document_id: string;
  page_path: string;
  links: string;
  created_at: string;
}

/** Per space, the revision its search index reflects (migration 0012). */
export interface SearchIndexStateTable {
  space_id: string;
  revision_id: string;
  indexed_at: string;
}

/** A document page in the search index: what its rows were made of and where it stands. */
export interface SearchPagesTable {
  space_id: string;
  page_id: string;
  document_id: string | null;
  title: string;
  description: string;
  path: string;
  /** JSON array of the ancestors' titles, from the top. */
  ancestors: string;
  page_order: number;
  /** The page row's number: on SQLite the rowid of its row in the page-level FTS table (on PostgreSQL the page's `terms tsvector` is a column, written in raw SQL). */
  seq: Generated<number>;
}

/** One section of an indexed page (on PostgreSQL also a `terms tsvector` column, written in raw SQL). */
export interface SearchSectionsTable {
  id: Generated<number>;
  space_id: string;
  page_id: string;
  section: number;
  title: string;
  anchor: string;
  body: string;
}
/** A PDF printed of a change request (migration 0015): its key, and the blob holding its bytes. */
export interface ChangeRequestPdfsTable {
  id: string;
  space_id: string;
  change_request_id: string;
  revision_id: string;
  /** `all`, `page:<pageId>` (the page and its descendants) or `only:<pageId>`. */
  variant: string;
  /** SHA-256 (hex) of what else the print depends on: customization, titles, paper, print template. */
  look: string;
  /** SHA-256 of the PDF bytes, in the blob store. */
  blob: string;
  size: number;
  created_at: string;
}
/** A website import run (migration 0014): status, counts, pages written (JSON), the running process's heartbeat. */
export interface ImportRunsTable {
  id: string;
  organization_id: string;
  space_id: string;
  change_request_id: string | null;
  source_url: string;
  /** pending, in-progress, completed, failed or cancelled. */
  status: string;
  reason: string | null;
  discovered: number;
  imported: number;
  /** JSON: `ImportRunPage[]`. */
  pages: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
  heartbeat_at: string;
}
/** A translation of a space (migration 0017): the seed's title and the published `Translation`'s fields. */
export interface TranslationsTable {
  id: string;
  organization_id: string;
  /** The seed's title (1 to 100 characters), or null when none was given. */
  title: string | null;
  source_space_id: string;
  /** A `TranslationLanguage`. */
  source_language: string;
  /** A `TranslationLanguage`, other than `source_language`. */
  language: string;
  /** JSON: the published `JSONDocument` of instructions, or null. */
  instructions: string | null;
  /** pending, running or completed (always pending: Quire runs no translator). */
  status: string;
  created_at: string;
  updated_at: string;
}
/** A SAML identity provider of an organization (migration 0018); null fields are not configured yet. */
export interface SamlProvidersTable {
  id: string;
  organization_id: string;
  label: string;
  entity_id: string | null;
  /** PEM, with its BEGIN/END lines. */
  certificate: string | null;
  sso_url: string | null;
  default_team_id: string | null;
  /** A role, or null: new members join as guests. */
  default_role: string | null;
  created_at: string;
  updated_at: string;
}
/** An AuthnRequest the service issued (migration 0018); `consumed_at` is set by the one response accepted for it. */
export interface SamlRequestsTable {
  id: string;
  provider_id: string;
  relay_state: string | null;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}
/** An assertion id accepted once (migration 0018), kept until the assertion itself expires. */
export interface SamlAssertionsTable {
  provider_id: string;
  assertion_id: string;
  expires_at: string;
}

export interface OpenApiSpecsTable {
  id: string;
  organization_id: string;
  slug: string;
  source_url: string | null;
  source_text: string | null;
  visibility: string;
  /** pending | progress | complete */
  processing_state: string;
  /** Counted up whenever new processing is asked for; a run that finishes an older generation leaves the spec pending. */
  generation: number;
  last_version_id: string | null;
  last_processed_at: string | null;
  last_process_error_code: string | null;
  /** JSON: [{ message, code }] */
  last_processed_errors: string | null;
  last_processed_error_count: number;
  /** The process holding the processing work, until `lease_expires_at`. */
  lease_holder: string | null;
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OpenApiSpecVersionsTable {
  id: string;
  spec_id: string;
  /** sha256 of the filesystem's canonical JSON. */
  content_hash: string;
  source_url: string | null;
  /** JSON: the SpecFilesystem. */
  filesystem: string;
  created_at: string;
}

/** A published integration (migration 0019), at its latest version; list and object fields are JSON text. */
export interface IntegrationsTable {
  id: string;
  name: string;
  organization_id: string;
  version: number;
  runtime: string;
  title: string;
  title_search: string;
  description: string;
  summary: string | null;
  icon_blob: string | null;
  preview_images: string;
  visibility: string;
  target: string;
  scopes: string;
  categories: string;
  blocks: string;
  content_sources: string;
  external_links: string;
  configurations: string;
  secrets: string;
  content_security_policy: string | null;
  dev_tunnel_url: string | null;
  dev_all: number;
  published_by: string;
  created_at: string;
  updated_at: string;
}
/** One published version of an integration's script (migration 0019): the blob holding its bytes. */
export interface IntegrationScriptsTable {
  integration_id: string;
  version: number;
  blob: string;
  size: number;
  created_at: string;
}
/** An installation of an integration on an organization (migration 0019). */
export interface IntegrationInstallationsTable {
  id: string;
  integration_id: string;
  organization_id: string;
  status: string;
  configuration: string;
  external_ids: string;
  space_selection: string;
  site_selection: string;
  created_at: string;
  updated_at: string;
}
/** An installation on a space or a site (`kind`), under an organization installation (migration 0019). */
export interface IntegrationContentInstallationsTable {
  installation_id: string;
  integration_id: string;
  kind: string;
  target_id: string;
  status: string;
  configuration: string;
  external_ids: string;
  created_at: string;
  updated_at: string;
}
/** An event of an integration (migration 0019): status, payload and trace logs as JSON. */
export interface IntegrationEventsTable {
  id: string;
  integration_id: string;
  installation_id: string | null;
  type: string;
  status: string;
  payload: string;
  logs: string;
  created_at: string;
}

/** An integration event waiting to be delivered (migration 0020): the outbox row, deleted once the event is recorded. */
export interface IntegrationDeliveriesTable {
  id: string;
  integration_id: string;
  installation_id: string | null;
  type: string;
  payload: string;
  /** JSON array of the trace lines of the attempts so far. */
  logs: string;
  attempts: number;
  due_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
}

/** The signing secret of an integration (migration 0020): made on first use. */
export interface IntegrationSigningSecretsTable {
  integration_id: string;
  secret: string;
  created_at: string;
}
