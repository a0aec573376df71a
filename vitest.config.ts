import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // bin/quire.js runs dist/ when it is current: build it once before the tests that spawn the CLI.
    globalSetup: ['test/support/build-cli.global.ts'],
    // Fixed fast-check seed in CI, a fresh one elsewhere (FC_SEED replays one).
    setupFiles: ['test/support/property-seed.setup.ts'],
  },
});
