// Runs the change-request PDF part of the Store contract on SQLite and, when QUIRE_TEST_DATABASE_URL is set, PostgreSQL.
import { describeChangeRequestPdfStoreContract } from './change-request-pdfs.contract.ts';
import { describeOnEveryStore } from '../store-harnesses.fixture.ts';

describeOnEveryStore('change-request-pdfs', describeChangeRequestPdfStoreContract);
