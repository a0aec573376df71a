import type { Options } from 'mdast-util-to-markdown';
import type { Figure } from './types.ts';
import { writeFigure } from './write-figure.ts';

export const figureToMarkdown: Options = { handlers: { figure: (node: Figure) => writeFigure(node) } };
