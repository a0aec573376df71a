import { describe, expect, it } from 'vitest';
import { maxSpecFiles } from './load-spec-filesystem.ts';
import { processSpecTexts, type SpecTextsOutcome } from './process-spec-texts.ts';
import { maxKeptProblems } from './validate-spec.ts';

const entry = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: './schemas/pet.yaml'}\n";
const pet = "type: object\nproperties:\n  owner: {$ref: './owner.yaml'}\n";
const owner = 'type: object\nproperties:\n  name: {type: string}\n';

describe('processSpecTexts', () => {
  it('asks for the files the texts lack, one level of references at a time, then builds and hashes the filesystem', async () => {
    const texts: Record<string, string> = { 'openapi.yaml': entry };
    const asked: string[][] = [];
    let outcome: SpecTextsOutcome;
    for (;;) {
      outcome = await processSpecTexts({ entryName: 'openapi.yaml', texts, followReferences: true });
      if (outcome.kind !== 'needs') break;
      asked.push(outcome.paths);
      for (const path of outcome.paths) texts[path] = path === 'schemas/pet.yaml' ? pet : owner;
    }
    expect(asked).toEqual([['schemas/pet.yaml'], ['schemas/owner.yaml']]);
    expect(outcome.kind).toBe('processed');
    if (outcome.kind !== 'processed') return;
    expect(outcome.filesystem.map((file) => file.filename)).toEqual(['openapi.yaml', 'schemas/pet.yaml', 'schemas/owner.yaml']);
    expect(outcome.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const again = await processSpecTexts({ entryName: 'openapi.yaml', texts: { ...texts, 'schemas/owner.yaml': `${owner}  age: {type: integer}\n` }, followReferences: true });
    expect(again.kind === 'processed' && again.contentHash).not.toBe(outcome.contentHash);
  });

  it('asks for nothing for a spec given as text: its relative references stay unresolved, which the validator refuses', async () => {
    const outcome = await processSpecTexts({ entryName: 'openapi.yaml', texts: { 'openapi.yaml': entry }, followReferences: false });
    expect(outcome).toMatchObject({ kind: 'failed', code: 'PARSE_ERROR', problems: [{ message: expect.stringContaining('./schemas/pet.yaml'), code: 'INVALID' }] });
  });

  it('answers failures as data with the published code: syntax, too many files, an invalid document (first problems and their count)', async () => {
    expect(await processSpecTexts({ entryName: 'openapi.yaml', texts: { 'openapi.yaml': '{ not: [json' }, followReferences: true })).toMatchObject({ kind: 'failed', code: 'PARSE_ERROR', problems: expect.arrayContaining([expect.objectContaining({ code: 'SYNTAX' })]) });
    const many = Object.fromEntries(Array.from({ length: maxSpecFiles + 1 }, (_, index) => [`s${index}.yaml`, 'type: string\n']));
    const fanOut = `openapi: 3.1.0\ninfo: {title: T, version: '1'}\ncomponents:\n  schemas:\n${Object.keys(many).map((name) => `    ${name.replace('.yaml', '')}: {$ref: './${name}'}\n`).join('')}`;
    expect(await processSpecTexts({ entryName: 'openapi.yaml', texts: { 'openapi.yaml': fanOut }, followReferences: true })).toMatchObject({ kind: 'failed', code: 'FETCH_ERROR', problems: [{ code: 'TOO_MANY_FILES' }] });
    const paths = Array.from({ length: 30 }, (_, index) => `  /p${index}:\n    get:\n      responses:\n        '200': {descriptio: x}\n`).join('');
    const invalid = await processSpecTexts({ entryName: 'openapi.yaml', texts: { 'openapi.yaml': `openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths:\n${paths}` }, followReferences: true });
    expect(invalid).toMatchObject({ kind: 'failed', code: 'PARSE_ERROR' });
    if (invalid.kind !== 'failed') return;
    expect(invalid.problems).toHaveLength(maxKeptProblems);
    expect(invalid.problemCount).toBeGreaterThan(maxKeptProblems);
  });
});
