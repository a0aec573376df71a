// The node types of Liquid tags that no block family claims: they are kept exactly as written.
import type { BlockContent, DefinitionContent, Parent, Literal } from 'mdast';

/** Content that can sit where blocks go: what a blockquote or a list item holds. */
export type FlowContent = BlockContent | DefinitionContent;

/**
 * A `{% ... %}` tag line kept verbatim: an unknown void tag, an end tag with no opening tag, or a
 * known tag whose arguments or content do not fit its block. Writing it gives back `value`.
 */
export interface LiquidTag extends Literal {
  type: 'liquidTag';
  /** The tag name (`foo` in `{% foo bar="1" %}`), or `''` when the tag has no readable name. */
  name: string;
  /** The tag exactly as written, from `{%` to `%}`. */
  value: string;
}

/**
 * An unknown `{% name %}` ... `{% endname %}` pair, or a known one whose content does not fit its
 * block. The tag lines are kept verbatim; the content between them is parsed as Markdown.
 */
export interface LiquidBlock extends Parent {
  type: 'liquidBlock';
  name: string;
  /** The opening tag exactly as written. */
  open: string;
  /** The end tag exactly as written. */
  close: string;
  children: FlowContent[];
}

declare module 'mdast' {
  interface BlockContentMap {
    liquidTag: LiquidTag;
    liquidBlock: LiquidBlock;
  }
  interface RootContentMap {
    liquidTag: LiquidTag;
    liquidBlock: LiquidBlock;
  }
}
