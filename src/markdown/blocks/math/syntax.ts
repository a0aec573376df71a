import type { Extension } from 'micromark-util-types';
import { codes } from '../../micromark/character-codes.ts';
import { mathFlow } from './syntax-flow.ts';
import { mathText } from './syntax-text.ts';

/** The micromark extension for block and inline math. */
export const mathSyntax: Extension = {
  flow: { [codes.dollarSign]: mathFlow },
  text: { [codes.dollarSign]: mathText },
};
