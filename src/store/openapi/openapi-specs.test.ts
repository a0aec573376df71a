// Runs the OpenAPI-spec part of the Store contract on SQLite and, when QUIRE_TEST_DATABASE_URL is set, PostgreSQL.
import { describeOnEveryStore } from '../store-harnesses.fixture.ts';
import { describeOpenApiSpecStoreContract } from './openapi-specs.contract.ts';

describeOnEveryStore('openapi-specs', describeOpenApiSpecStoreContract);
