// Two `quire serve` processes on one PostgreSQL database (a throwaway schema of QUIRE_TEST_DATABASE_URL's), for the
// suites that prove what holds across processes in scale-out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createThrowawaySchema, type ThrowawaySchema } from './postgres-schema.ts';
import { startServe, type Served } from './serve-process.ts';

export interface TwoServers {
  one: Served;
  two: Served;
  /** The data folder both were started with (its admin-token file), for CLI children on the same data. */
  data: string;
  /** The database URL with the schema: `--database` for another process on the same data. */
  databaseUrl: string;
}

/**
 * Starts both servers before the file's tests (the first creates the schema's tables and the admin; the second
 * joins them) and stops them and drops the schema after them, undoing only what was done.
 *
 * @example
 * const servers = useTwoServers(process.env.QUIRE_TEST_DATABASE_URL!, 'quire-scale-out-'); // options.env: added to both processes' environment
 * it('...', async () => { const { one, two } = servers(); });
 */
export function useTwoServers(databaseUrl: string, folderPrefix: string, options: { env?: Record<string, string> } = {}): () => TwoServers {
  let data: string | undefined;
  let schema: ThrowawaySchema | undefined;
  let one: Served | undefined;
  let two: Served | undefined;
  beforeAll(async () => {
    data = mkdtempSync(join(tmpdir(), folderPrefix));
    schema = await createThrowawaySchema(databaseUrl);
    one = await startServe(['--data', data, '--database', schema.url], options);
    two = await startServe(['--data', data, '--database', schema.url], options);
  }, 120_000); // two servers starting on a busy machine take more than the default 10 s
  afterAll(async () => {
    one?.child.kill('SIGINT');
    two?.child.kill('SIGINT');
    await Promise.all([one?.exited, two?.exited]);
    await schema?.drop();
    if (data) rmSync(data, { recursive: true, force: true });
  });
  return () => ({ one: one!, two: two!, data: data!, databaseUrl: schema!.url });
}
