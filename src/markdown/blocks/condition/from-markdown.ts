import type { LiquidTagReader } from '../../liquid/tag-reader.ts';
import type { FlowContent } from '../../liquid/types.ts';
import type { Condition } from './types.ts';

export const conditionReader: LiquidTagReader = {
  name: 'if',
  end: 'required',
  read(tag, children): Condition | undefined {
    // The expression is Liquid, not attributes: it is kept as text.
    if (tag.args === '') return undefined;
    return { type: 'condition', expression: tag.args, children: children as FlowContent[] };
  },
};
