import { describe, expect, it } from 'vitest';
import { pageGlyph } from './icon-glyph.ts';

describe('pageGlyph', () => {
  it('draws the emoji, as the character, before any icon', () => {
    expect(pageGlyph({ emoji: '1f389', icon: 'house' })).toEqual({ emoji: '🎉' });
    expect(pageGlyph({ emoji: '🎉' })).toEqual({ emoji: '🎉' });
  });

  it('names the Font Awesome icon without its prefix', () => {
    expect(pageGlyph({ icon: 'house' })).toEqual({ icon: 'house' });
    expect(pageGlyph({ icon: 'fa-credit-card' })).toEqual({ icon: 'credit-card' });
  });

  it('keeps an emoji written as the icon as an emoji; ignores what is neither', () => {
    expect(pageGlyph({ icon: '🚀' })).toEqual({ emoji: '🚀' });
    expect(pageGlyph({ icon: '<b>x</b>' })).toEqual({});
    expect(pageGlyph({ icon: '' })).toEqual({});
    expect(pageGlyph({})).toEqual({});
  });
});
