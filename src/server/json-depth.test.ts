import { describe, expect, it } from 'vitest';
import { deepJson } from '../../test/fixtures/hostile/hostile-inputs.ts';
import { maxJsonDepth } from '../model/nesting-limits.ts';
import { tooDeepField } from './json-depth.ts';

describe('tooDeepField', () => {
  it('takes a value exactly at the limit and names the first field past it', () => {
    // deepJson(n): n objects around a string, so n levels.
    expect(tooDeepField(JSON.parse(deepJson(maxJsonDepth)), 'body', maxJsonDepth)).toBeUndefined();
    expect(tooDeepField(JSON.parse(deepJson(maxJsonDepth + 1)), 'body', maxJsonDepth)).toBe('body/a/a/a/a/a/…');
    expect(tooDeepField({ a: { b: [1, { c: {} }] } }, 'body', 3)).toBe('body/a/b/1');
    expect(tooDeepField({ a: { b: [1, 'text', null] } }, 'body', 3)).toBeUndefined();
  });

  it('names the first too-deep field in document order', () => {
    expect(tooDeepField({ first: { x: {} }, second: { y: {} } }, 'body', 2)).toBe('body/first/x');
  });

  it('walks a 5,000-level value without recursion, arrays as objects', () => {
    expect(tooDeepField(JSON.parse(deepJson(5000, { arrays: true })), 'body', maxJsonDepth)).toBe('body/0/0/0/0/0/…');
  });
});
