import { describe, expect, it } from 'vitest';
import { isIconClassList, parseIconReference } from './icon-reference.ts';

describe('parseIconReference', () => {
  it.each([
    ['fa-rocket', { name: 'rocket' }],
    ['rocket', { name: 'rocket' }],
    [':rocket:', { name: 'rocket' }],
    ['  fa-credit-card ', { name: 'credit-card' }],
    ['fa-solid fa-bolt', { name: 'bolt', family: 'solid' }],
    ['fas fa-bolt', { name: 'bolt', family: 'solid' }],
    ['fa-regular fa-bell', { name: 'bell', family: 'regular' }],
    ['far fa-bell fa-fw', { name: 'bell', family: 'regular' }],
    ['fa-brands fa-github', { name: 'github', family: 'brands' }],
    ['fab fa-github fa-2x', { name: 'github', family: 'brands' }],
    ['fa-lg fa-spin fa-gear', { name: 'gear' }],
    // Pro families ask for nothing Free has: the name is looked up in the site's style.
    ['fa-duotone fa-house', { name: 'house' }],
    ['fa-light fa-house', { name: 'house' }],
    ['FA-HOUSE', { name: 'house' }],
    ['fa-500px', { name: '500px' }],
  ])('%s', (written, expected) => {
    expect(parseIconReference(written)).toEqual(expected);
  });

  it('names nothing for empty, modifier-only or malformed text', () => {
    for (const written of ['', '   ', 'fa-solid', 'fa-fw fa-lg', 'fa-', '<script>', 'fa-a_b', `fa-${'x'.repeat(51)}`]) expect(parseIconReference(written)).toBeUndefined();
  });
});

describe('isIconClassList', () => {
  it('is true for a class list with an icon name, false for family or modifier classes alone', () => {
    expect(isIconClassList(['fa-rocket'])).toBe(true);
    expect(isIconClassList(['fa-solid', 'fa-bolt'])).toBe(true);
    expect(isIconClassList(['fa-solid', 'fa-fw'])).toBe(false);
    expect(isIconClassList(['italic'])).toBe(false);
    expect(isIconClassList([])).toBe(false);
  });
});
