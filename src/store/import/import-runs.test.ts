// Runs the import-run part of the Store contract on SQLite and, when QUIRE_TEST_DATABASE_URL is set, PostgreSQL.
import { describeImportRunStoreContract } from './import-runs.contract.ts';
import { describeOnEveryStore } from '../store-harnesses.fixture.ts';

describeOnEveryStore('import-runs', describeImportRunStoreContract);
