import { ExpressionError } from './expression-error.ts';
import type { AllowedMethod, ExpressionNode } from './expression-tree.ts';
import { add, compare, isRecord, isTruthy, looseEquals, strictEquals, toNumber, toText, type ExpressionValue, type JsonValue } from './expression-value.ts';

/** The names an expression starts from (`visitor`, `space`, `page`), each a JSON value. */
export type ExpressionScope = Readonly<Record<string, JsonValue>>;

/** Property names that lead to the engine's objects, not to data: always `undefined`. */
const blockedProperties = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Evaluates a parsed expression over plain JSON values. Reading a property only reads the value's own data (an
 * object's own keys, an array's elements and `length`, a string's characters and `length`); reading a property of
 * `null` or `undefined` gives `undefined` rather than failing, since a visitor may have no claims at all. Throws
 * an ExpressionError for a name the scope does not have or a method called on a value that has no such method.
 *
 * @example
 * evaluateExpression(parseExpression('visitor.claims.plan == "pro"'), { visitor: { claims: { plan: 'pro' } } }) // → true
 */
export function evaluateExpression(node: ExpressionNode, scope: ExpressionScope): ExpressionValue {
  switch (node.type) {
    case 'literal':
      return node.value;
    case 'array':
      return node.elements.map((element) => evaluateExpression(element, scope) ?? null);
    case 'name':
      if (!Object.hasOwn(scope, node.name) || blockedProperties.has(node.name)) throw new ExpressionError('EXPRESSION_EVALUATION', `unknown name ${node.name}`, node.column);
      return scope[node.name];
    case 'member': {
      const object = evaluateExpression(node.object, scope);
      const key = typeof node.property === 'string' ? node.property : toText(evaluateExpression(node.property, scope));
      return readProperty(object, key);
    }
    case 'call': {
      const receiver = evaluateExpression(node.receiver, scope);
      if (receiver === null || receiver === undefined) return undefined;
      const args = node.args.map((arg) => evaluateExpression(arg, scope));
      return callMethod(receiver, node.method, args, node.column);
    }
    case 'unary': {
      const operand = evaluateExpression(node.operand, scope);
      return node.operator === '!' ? !isTruthy(operand) : -toNumber(operand);
    }
    case 'logical': {
      const left = evaluateExpression(node.left, scope);
      if (node.operator === '&&') return isTruthy(left) ? evaluateExpression(node.right, scope) : left;
      if (node.operator === '||') return isTruthy(left) ? left : evaluateExpression(node.right, scope);
      return left === null || left === undefined ? evaluateExpression(node.right, scope) : left;
    }
    case 'conditional':
      return isTruthy(evaluateExpression(node.test, scope)) ? evaluateExpression(node.consequent, scope) : evaluateExpression(node.alternate, scope);
    case 'binary': {
      const left = evaluateExpression(node.left, scope);
      const right = evaluateExpression(node.right, scope);
      switch (node.operator) {
        case '===':
          return strictEquals(left, right);
        case '!==':
          return !strictEquals(left, right);
        case '==':
          return looseEquals(left, right);
        case '!=':
          return !looseEquals(left, right);
        case '+':
          return add(left, right);
        case '-':
          return toNumber(left) - toNumber(right);
        default:
          return compare(node.operator, left, right);
      }
    }
  }
}

/** An own property of a JSON value, or `undefined`. */
function readProperty(value: ExpressionValue, key: string): ExpressionValue {
  if (value === null || value === undefined || blockedProperties.has(key)) return undefined;
  if (typeof value === 'string' || Array.isArray(value)) {
    if (key === 'length') return value.length;
    if (!/^(?:0|[1-9]\d*)$/.test(key)) return undefined;
    const index = Number(key);
    return index < value.length ? value[index] : undefined;
  }
  if (isRecord(value)) return Object.hasOwn(value, key) ? value[key] : undefined;
  return undefined;
}

function callMethod(receiver: JsonValue, method: AllowedMethod, args: ExpressionValue[], column: number): ExpressionValue {
  if (typeof receiver === 'string') {
    switch (method) {
      case 'includes':
        return receiver.includes(toText(args[0]));
      case 'startsWith':
        return receiver.startsWith(toText(args[0]));
      case 'endsWith':
        return receiver.endsWith(toText(args[0]));
      case 'toLowerCase':
        return receiver.toLowerCase();
      case 'toUpperCase':
        return receiver.toUpperCase();
      case 'trim':
        return receiver.trim();
    }
  }
  if (Array.isArray(receiver) && method === 'includes') {
    const wanted = args[0];
    // SameValueZero, as Array.prototype.includes: NaN finds NaN.
    return receiver.some((element) => element === wanted || (Number.isNaN(element) && Number.isNaN(wanted)));
  }
  throw new ExpressionError('EXPRESSION_EVALUATION', `${describeType(receiver)} has no method ${method}`, column);
}

function describeType(value: JsonValue): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'an object';
  return `a ${typeof value}`;
}
