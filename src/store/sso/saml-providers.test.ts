// Runs the SAML providers part of the Store contract on SQLite and, when QUIRE_TEST_DATABASE_URL is set, PostgreSQL.
import { describeSamlProviderStoreContract } from './saml-providers.contract.ts';
import { describeOnEveryStore } from '../store-harnesses.fixture.ts';

describeOnEveryStore('saml-providers', describeSamlProviderStoreContract);
