import { describe, expect, it } from 'vitest';
import { readDirectory } from '../read-directory.ts';
import { writeDirectory } from '../write-directory.ts';
import { computedBlock, computedEntry, defaultComputedTitle } from './computed-page-title.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const source = { type: 'builtin:openapi', props: { models: true }, dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } } };

function directory(summary: string): Map<string, Uint8Array> {
  return new Map([
    ['README.md', encoder.encode('# Home\n')],
    ['SUMMARY.md', encoder.encode(summary)],
  ]);
}

const hostedSummary = [
  '# Table of contents',
  '',
  '* [Home](README.md)',
  '* ```yaml',
  '  type: builtin:openapi',
  '  props:',
  '    models: true',
  '  dependencies:',
  '    spec:',
  '      ref:',
  '        kind: openapi',
  '        spec: petstore',
  '  ```',
  '',
].join('\n');

describe('the title of a computed page', () => {
  it("is the specification's name when the block has none, as the hosted exporter writes it, and is written back byte for byte", () => {
    const files = directory(hostedSummary);
    const { bundle, diagnostics } = readDirectory(files);
    expect(diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    const page = bundle.revision.pages[1]!;
    expect(page).toMatchObject({ type: 'computed', title: 'petstore', computed: source });
    expect(decoder.decode(writeDirectory(bundle).get('SUMMARY.md'))).toBe(hostedSummary);
  });

  it('survives a round trip when it is another title: a title key first in the block, not in the source', () => {
    const { bundle } = readDirectory(directory(hostedSummary));
    const renamed = { ...bundle, revision: { ...bundle.revision, pages: [bundle.revision.pages[0]!, { ...bundle.revision.pages[1]!, title: 'API reference' }] } };
    const summary = decoder.decode(writeDirectory(renamed).get('SUMMARY.md'));
    expect(summary).toContain('* ```yaml\n  title: API reference\n  type: builtin:openapi\n');
    const again = readDirectory(writeDirectory(renamed), { previous: renamed }).bundle;
    expect(again.revision.pages[1]).toEqual(renamed.revision.pages[1]);
    expect(again.revision.pages[1]).not.toHaveProperty('computed.title');
  });

  it('reads and writes the block in pure functions', () => {
    expect(defaultComputedTitle(source)).toBe('petstore');
    expect(defaultComputedTitle({ type: 'builtin:openapi' })).toBe('API reference');
    expect(computedEntry({ title: 'Pets', ...source })).toEqual({ title: 'Pets', source });
    expect(computedEntry({ title: '', ...source })).toEqual({ title: 'petstore', source });
    expect(computedBlock('petstore', source)).toEqual(source);
    expect(Object.keys(computedBlock('Pets', source))[0]).toBe('title');
  });
});
