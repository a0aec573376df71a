import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isGitInstalled, isOnPath } from './cat-file-object-reader.ts';

describe('isOnPath (how the cli backend knows git is there without running it)', () => {
  const root = mkdtempSync(join(tmpdir(), 'quire-on-path-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const folder = (name: string): string => {
    const path = join(root, name);
    mkdirSync(path);
    return path;
  };
  const executable = folder('executable');
  writeFileSync(join(executable, 'tool'), '#!/bin/sh\n');
  chmodSync(join(executable, 'tool'), 0o755);
  const plain = folder('plain');
  writeFileSync(join(plain, 'tool'), 'not a program');
  chmodSync(join(plain, 'tool'), 0o644);
  const directory = folder('directory');
  mkdirSync(join(directory, 'tool'));

  it('finds an executable file in any folder of the PATH', () => {
    expect(isOnPath('tool', executable)).toBe(true);
    expect(isOnPath('tool', [plain, join(root, 'missing'), executable].join(delimiter))).toBe(true);
  });

  it('does not take a file that cannot be executed, a folder of that name, or empty PATH entries', () => {
    expect(isOnPath('tool', plain)).toBe(false); // access(2): X_OK needs an execute bit, even for root
    expect(isOnPath('tool', directory)).toBe(false);
    expect(isOnPath('tool', `${delimiter}${delimiter}`)).toBe(false);
    expect(isOnPath('tool', undefined)).toBe(false);
    expect(isOnPath('other', executable)).toBe(false);
  });

  it('finds the git this machine runs', () => {
    expect(isGitInstalled()).toBe(true);
  });
});

