// Runs the content permissions part of the Store contract on SQLite and, when QUIRE_TEST_DATABASE_URL is set,
// PostgreSQL.
import { describeContentPermissionContract } from './content-permissions.contract.ts';
import { describeOnEveryStore } from '../store-harnesses.fixture.ts';

describeOnEveryStore('permissions', describeContentPermissionContract);
