// Vitest global setup: builds the CLI bundle (scripts/build-cli.ts) so the tests that run bin/quire.js in a child
// process exercise the bundle users run, built from the sources under test.
import { buildCli } from '../../scripts/build-cli.ts';

export default async function setup(): Promise<void> {
  await buildCli();
}
