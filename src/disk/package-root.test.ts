import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependencyFile, packageFile, packageRoot } from './package-root.ts';

describe('packageRoot', () => {
  it("is the folder of Quire's package.json", () => {
    expect(existsSync(join(packageRoot, 'package.json'))).toBe(true);
    expect(packageFile('src/export/client/quire.css')).toBe(join(packageRoot, 'src/export/client/quire.css'));
  });
});

describe('dependencyFile', () => {
  it('finds a file of an installed package in the folder Node resolves the package to, exports or not', () => {
    const file = dependencyFile('minisearch', 'dist/umd/index.js');
    const resolved = createRequire(import.meta.url).resolve('minisearch'); // …/minisearch/dist/cjs/index.cjs
    expect(file).toBe(join(dirname(resolved), '../umd/index.js'));
    expect(existsSync(file)).toBe(true);
  });

  it('names the package it cannot find', () => {
    expect(() => dependencyFile('no-such-package-of-quire', 'index.js')).toThrow(/the package no-such-package-of-quire is not installed/);
  });
});
