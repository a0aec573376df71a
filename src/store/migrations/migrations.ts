import type { Migration, MigrationProvider } from 'kysely';
import type { StoreDialect } from '../store-dialect.ts';
import { initialMigration } from './0001-initial.ts';
import { sitesMigration } from './0002-sites.ts';
import { syncPointsMigration } from './0003-sync-points.ts';
import { syncPointMissingMigration } from './0004-sync-point-missing.ts';
import { teamsMigration } from './0005-teams.ts';
import { contentPermissionsMigration } from './0006-content-permissions.ts';
import { commentsMigration } from './0007-comments.ts';
import { organizationInvitesMigration } from './0008-organization-invites.ts';
import { signingKeysMigration } from './0009-signing-keys.ts';
import { teamsMoreMigration } from './0010-teams-more.ts';
import { memberRemovalRequestsMigration } from './0011-member-removal-requests.ts';
import { searchMigration } from './0012-search.ts';
import { linksMigration } from './0013-links.ts';
import { importRunsMigration } from './0014-import-runs.ts';
import { changeRequestPdfsMigration } from './0015-change-request-pdfs.ts';
import { openApiSpecsMigration } from './0016-openapi-specs.ts';
import { translationsMigration } from './0017-translations.ts';
import { samlProvidersMigration } from './0018-saml-providers.ts';
import { integrationsMigration } from './0019-integrations.ts';
import { integrationDeliveriesMigration } from './0020-integration-deliveries.ts';

/**
 * Every migration, by name. Names sort in the order they run (Kysely's Migrator runs them in name order and
 * records each in `quire_migration`). Append, never edit one that has shipped.
 *
 * @example
 * new Migrator({ db, provider: migrationProvider('sqlite') });
 */
export function migrationProvider(dialect: StoreDialect): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001-initial': initialMigration(dialect),
        '0002-sites': sitesMigration(dialect),
        '0003-sync-points': syncPointsMigration(),
        '0004-sync-point-missing': syncPointMissingMigration(),
        '0005-teams': teamsMigration(),
        '0006-content-permissions': contentPermissionsMigration(),
        '0007-comments': commentsMigration(),
        '0008-organization-invites': organizationInvitesMigration(),
        '0009-signing-keys': signingKeysMigration(),
        '0010-teams-more': teamsMoreMigration(),
        '0011-member-removal-requests': memberRemovalRequestsMigration(),
        '0012-search': searchMigration(dialect),
        '0013-links': linksMigration(),
        '0014-import-runs': importRunsMigration(),
        '0015-change-request-pdfs': changeRequestPdfsMigration(),
        '0016-openapi-specs': openApiSpecsMigration(),
        '0017-translations': translationsMigration(),
        '0018-saml-providers': samlProvidersMigration(),
        '0019-integrations': integrationsMigration(),
        '0020-integration-deliveries': integrationDeliveriesMigration(),
      };
    },
  };
}
