// Runs the comments part of the Store contract on SQLite and, when QUIRE_TEST_DATABASE_URL is set, PostgreSQL.
import { describeCommentStoreContract } from './comments.contract.ts';
import { describeOnEveryStore } from '../store-harnesses.fixture.ts';

describeOnEveryStore('comments', describeCommentStoreContract);
