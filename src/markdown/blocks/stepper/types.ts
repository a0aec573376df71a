// Stepper: `{% stepper %}` `{% step %}` ... `{% endstep %}` ... `{% endstepper %}`.
import type { Parent } from 'mdast';
import type { Attribute } from '../../attributes/attribute.ts';
import type { FlowContent } from '../../liquid/types.ts';

/** Numbered steps; only `step` nodes sit directly in it. */
export interface Stepper extends Parent {
  type: 'stepper';
  /** Attributes as written; the tag takes none, so these are unknown ones. */
  attributes?: Attribute[];
  children: Step[];
}

/** One step of a stepper. */
export interface Step extends Parent {
  type: 'step';
  attributes?: Attribute[];
  children: FlowContent[];
}

declare module 'mdast' {
  interface BlockContentMap {
    stepper: Stepper;
  }
  interface RootContentMap {
    stepper: Stepper;
    step: Step;
  }
}
