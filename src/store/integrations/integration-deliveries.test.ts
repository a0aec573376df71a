// Runs the integration delivery part of the Store contract on SQLite and, when QUIRE_TEST_DATABASE_URL is set, PostgreSQL.
import { describeIntegrationDeliveryStoreContract } from './integration-deliveries.contract.ts';
import { describeOnEveryStore } from '../store-harnesses.fixture.ts';

describeOnEveryStore('integration deliveries', describeIntegrationDeliveryStoreContract);
