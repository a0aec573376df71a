import type { Options } from 'mdast-util-to-markdown';
import type { Cards } from './types.ts';
import { writeCards } from './write-cards.ts';

export const cardsToMarkdown: Options = { handlers: { cards: (node: Cards) => writeCards(node) } };
