// Runs the teams part of the Store contract on SQLite and, when QUIRE_TEST_DATABASE_URL is set, PostgreSQL.
import { describeOnEveryStore } from '../store-harnesses.fixture.ts';
import { describeTeamStoreContract } from './teams.contract.ts';

describeOnEveryStore('teams', describeTeamStoreContract);
