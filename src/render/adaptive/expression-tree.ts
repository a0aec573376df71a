// The syntax tree of an adaptive-content expression (the JavaScript subset the hosted service writes).
import type { ExpressionValue } from './expression-value.ts';

/** The only methods an expression may call: they read, never change, and exist on strings or arrays. */
export const allowedMethods = ['includes', 'startsWith', 'endsWith', 'toLowerCase', 'toUpperCase', 'trim'] as const;
export type AllowedMethod = (typeof allowedMethods)[number];

export type BinaryOperator = '===' | '!==' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-';
export type LogicalOperator = '&&' | '||' | '??';

export type ExpressionNode =
  | { type: 'literal'; value: ExpressionValue; column: number }
  | { type: 'array'; elements: ExpressionNode[]; column: number }
  | { type: 'name'; name: string; column: number }
  /** `a.b`, `a?.b`, `a[b]`, `a?.[b]`: `property` is the name, or the expression in brackets. */
  | { type: 'member'; object: ExpressionNode; property: string | ExpressionNode; optional: boolean; column: number }
  | { type: 'call'; receiver: ExpressionNode; method: AllowedMethod; args: ExpressionNode[]; optional: boolean; column: number }
  | { type: 'unary'; operator: '!' | '-'; operand: ExpressionNode; column: number }
  | { type: 'binary'; operator: BinaryOperator; left: ExpressionNode; right: ExpressionNode; column: number }
  | { type: 'logical'; operator: LogicalOperator; left: ExpressionNode; right: ExpressionNode; column: number }
  | { type: 'conditional'; test: ExpressionNode; consequent: ExpressionNode; alternate: ExpressionNode; column: number };
