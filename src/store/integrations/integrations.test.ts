// Runs the integrations part of the Store contract on SQLite and, when QUIRE_TEST_DATABASE_URL is set, PostgreSQL.
import { describeIntegrationStoreContract } from './integrations.contract.ts';
import { describeOnEveryStore } from '../store-harnesses.fixture.ts';

describeOnEveryStore('integrations', describeIntegrationStoreContract);
