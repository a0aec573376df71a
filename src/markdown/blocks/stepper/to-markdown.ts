import type { Options } from 'mdast-util-to-markdown';
import { writeLiquidPair, writeOpenTag } from '../../liquid/write-liquid.ts';
import { writeEndTag } from '../../liquid/write-tag.ts';
import { stepperAttributes } from './attributes.ts';
import type { Step, Stepper } from './types.ts';

export const stepperToMarkdown: Options = {
  handlers: {
    stepper: (node: Stepper, _parent, state, info) =>
      writeLiquidPair(writeOpenTag('stepper', stepperAttributes, node), writeEndTag('stepper'), node, state, info),
    step: (node: Step, _parent, state, info) => writeLiquidPair(writeOpenTag('step', stepperAttributes, node), writeEndTag('step'), node, state, info),
  },
};
