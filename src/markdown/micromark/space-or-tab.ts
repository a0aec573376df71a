import type { Code, Effects, State, TokenType } from 'micromark-util-types';
import { isSpaceOrTab } from './character-codes.ts';

/**
 * Consumes spaces and tabs into a `type` token, at most `max - 1` of them (micromark-factory-space's
 * convention: `max` 4 takes the up to 3 spaces of indentation a fence may have), then goes to `ok`.
 */
export function spaceOrTab(effects: Effects, ok: State, type: TokenType, max: number = Infinity): State {
  const limit = max - 1;
  let size = 0;
  return start;

  function start(code: Code): State | undefined {
    if (!isSpaceOrTab(code)) return ok(code);
    effects.enter(type);
    return inside(code);
  }

  function inside(code: Code): State | undefined {
    if (isSpaceOrTab(code) && size++ < limit) {
      effects.consume(code);
      return inside;
    }
    effects.exit(type);
    return ok(code);
  }
}
