// The data folder keeps its secrets private: the folder is 0700 and the database 0600 whatever existed before, and
// the admin token is never written through, nor read from, a symbolic link planted at its name.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isQuireError } from '../errors/quire-error.ts';
import { adminTokenPath, bootstrapWithTokenFile, readAdminToken, writeAdminToken } from './admin-token-file.ts';
import { openServiceStore } from './open-service-store.ts';

const scratch = mkdtempSync(join(tmpdir(), 'quire-data-folder-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const mode = (path: string) => statSync(path).mode & 0o777;

describe('the data folder', () => {
  it('is made private when it already existed open to others, and so is its database', async () => {
    const data = join(scratch, 'open');
    mkdirSync(data, { mode: 0o755 });
    chmodSync(data, 0o755);
    const store = await openServiceStore({ data });
    try {
      const started = await bootstrapWithTokenFile(store, data);
      expect(mode(data)).toBe(0o700);
      expect(mode(join(data, 'quire.db'))).toBe(0o600);
      expect(mode(adminTokenPath(data))).toBe(0o600);
      expect(readFileSync(adminTokenPath(data), 'utf8')).toBe(`${started.token}\n`);
      // A second start reuses the token it saved.
      expect((await bootstrapWithTokenFile(store, data)).token).toBe(started.token);
    } finally {
      await store.close();
    }
  });
});

describe('the admin token file', () => {
  it('replaces a symbolic link planted at its name instead of writing through it', async () => {
    const data = join(scratch, 'planted');
    mkdirSync(data);
    const elsewhere = join(scratch, 'elsewhere.txt');
    writeFileSync(elsewhere, 'not yours\n');
    symlinkSync(elsewhere, adminTokenPath(data));
    await writeAdminToken(data, 'quire_secret');
    expect(readFileSync(elsewhere, 'utf8')).toBe('not yours\n');
    expect(lstatSync(adminTokenPath(data)).isSymbolicLink()).toBe(false);
    expect(mode(adminTokenPath(data))).toBe(0o600);
    expect(await readAdminToken(data)).toBe('quire_secret');
  });

  it('refuses to read a token through a symbolic link, naming the file', async () => {
    const data = join(scratch, 'linked');
    mkdirSync(data);
    const elsewhere = join(scratch, 'token-elsewhere');
    writeFileSync(elsewhere, 'quire_other\n');
    symlinkSync(elsewhere, adminTokenPath(data));
    const error = await readAdminToken(data).catch((caught: unknown) => caught);
    expect(isQuireError(error, 'INVALID_ARGUMENT')).toBe(true);
    expect((error as Error).message).toContain(`${adminTokenPath(data)} is a symbolic link`);
  });

  it('is absent before the first start, and an empty file counts as none', async () => {
    const data = join(scratch, 'empty');
    mkdirSync(data);
    expect(await readAdminToken(data)).toBeUndefined();
    writeFileSync(adminTokenPath(data), '\n');
    expect(await readAdminToken(data)).toBeUndefined();
  });
});
