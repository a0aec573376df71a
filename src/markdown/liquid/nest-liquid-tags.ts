// The transform that turns flat tag lines into blocks: `{% name %}`, the siblings after it and its
// `{% endname %}` become one `liquidBlock`. Tags without an end, and end tags without an opening
// tag, stay `liquidTag` nodes.
import type { RootContent } from 'mdast';
import type { SiblingPairing } from '../tree/pair-siblings.ts';
import { parseTag } from './parse-tag.ts';
import type { LiquidBlock, LiquidTag, FlowContent } from './types.ts';

/** The pairing of Liquid tags; `isVoid` names the tags that never take an end tag. */
export function liquidTagPairing(isVoid: (name: string) => boolean): SiblingPairing<RootContent> {
  return {
    mark(node) {
      if (node.type !== 'liquidTag') return undefined;
      const tag = parseTag(node.value);
      if (!tag) return undefined;
      if (tag.name.startsWith('end') && tag.name.length > 3 && tag.args === '') return { kind: 'close', key: tag.name.slice(3) };
      return isVoid(tag.name) ? undefined : { kind: 'open', key: tag.name };
    },
    wrap(open, children, close) {
      const block: LiquidBlock = {
        type: 'liquidBlock',
        name: (open as LiquidTag).name,
        open: (open as LiquidTag).value,
        close: (close as LiquidTag).value,
        // Siblings of a tag line are flow content: tag lines only occur where blocks do.
        children: children as FlowContent[],
      };
      return block;
    },
  };
}
