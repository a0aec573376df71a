// Condition (adaptive content): `{% if <expression> %}` ... `{% endif %}`.
import type { Parent } from 'mdast';
import type { FlowContent } from '../../liquid/types.ts';

/** Content shown when `expression` holds for the visitor. */
export interface Condition extends Parent {
  type: 'condition';
  /** The expression exactly as written, e.g. `visitor.claims.plan == "pro"`. */
  expression: string;
  children: FlowContent[];
}

declare module 'mdast' {
  interface BlockContentMap {
    condition: Condition;
  }
  interface RootContentMap {
    condition: Condition;
  }
}
