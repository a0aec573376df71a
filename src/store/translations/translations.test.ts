// Runs the translations part of the Store contract on SQLite and, when QUIRE_TEST_DATABASE_URL is set, PostgreSQL.
import { describeOnEveryStore } from '../store-harnesses.fixture.ts';
import { describeTranslationStoreContract } from './translations.contract.ts';

describeOnEveryStore('translations', describeTranslationStoreContract);
