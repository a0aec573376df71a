import { withAttributes } from '../../attributes/with-attributes.ts';
import { attributeTagReader } from '../../liquid/attribute-tag-reader.ts';
import type { FlowContent } from '../../liquid/types.ts';
import { childrenOfType } from '../../tree/children-of-type.ts';
import { stepperAttributes } from './attributes.ts';
import type { Step, Stepper } from './types.ts';

export const stepperReader = attributeTagReader({
  name: 'stepper',
  end: 'required',
  schema: stepperAttributes,
  build(_fields, attributes, children) {
    const steps = childrenOfType(children, 'step');
    return steps && withAttributes<Stepper>({ type: 'stepper', children: steps }, attributes);
  },
});

export const stepReader = attributeTagReader({
  name: 'step',
  end: 'required',
  parent: 'stepper',
  schema: stepperAttributes,
  build: (_fields, attributes, children) => withAttributes<Step>({ type: 'step', children: children as FlowContent[] }, attributes),
});
