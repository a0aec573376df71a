import { liquidValue } from '../../liquid/liquid-value.ts';
import type { LiquidTagReader } from '../../liquid/tag-reader.ts';
import type { Include } from './types.ts';

/** The argument is one quoted path, not an attribute. */
const quotedPath = /^(?:"((?:[^"\\]|\\[\s\S])*)"|'((?:[^'\\]|\\[\s\S])*)')$/;

export const includeReader: LiquidTagReader = {
  name: 'include',
  end: 'none',
  read(tag): Include | undefined {
    const match = quotedPath.exec(tag.args);
    if (!match) return undefined;
    return { type: 'include', path: liquidValue.decode(match[1] ?? match[2]!) };
  },
};
