// Runs the links part of the Store contract on SQLite and, when QUIRE_TEST_DATABASE_URL is set, PostgreSQL.
import { describeLinkStoreContract } from './links.contract.ts';
import { describeOnEveryStore } from '../store-harnesses.fixture.ts';

describeOnEveryStore('links', describeLinkStoreContract);
