import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { canonicalStyle } from './canonical-style.ts';
import { remarkGitbook } from './remark-gitbook.ts';

/** The one processor parse and stringify share; frozen, so plugins attach once. */
export const processor = unified().use(remarkParse).use(remarkGfm).use(remarkGitbook).use(remarkStringify, canonicalStyle).freeze();
