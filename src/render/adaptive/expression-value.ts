// The values expressions compute with: JSON values (what claims files and variables hold), and `undefined`.
// Conversions follow JavaScript's (ToPrimitive, ToNumber, ToString, ==) for these types only. They are written out
// rather than left to the engine, because an object from a claims file may have an own `toString` or `valueOf`
// key, which the engine's conversions would try to call.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type ExpressionValue = JsonValue | undefined;
type Primitive = null | undefined | boolean | number | string;

/** JavaScript truthiness. */
export function isTruthy(value: ExpressionValue): boolean {
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value !== '';
  if (typeof value === 'boolean') return value;
  return value !== null && value !== undefined;
}

export function isRecord(value: ExpressionValue): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** ToPrimitive with the hint JavaScript uses for `+` and `==`: an array is its elements joined by commas. */
export function toPrimitive(value: ExpressionValue): Primitive {
  if (Array.isArray(value)) return value.map((element) => (element === null || element === undefined ? '' : toText(element))).join(',');
  if (isRecord(value)) return '[object Object]';
  return value;
}

/** ToString; `String(value)` for primitives. */
export function toText(value: ExpressionValue): string {
  return String(toPrimitive(value));
}

/** ToNumber. */
export function toNumber(value: ExpressionValue): number {
  const primitive = toPrimitive(value);
  // Number() of a primitive never calls user code.
  return Number(primitive);
}

/** `===` (SameValue except NaN and ±0, as JavaScript). */
export function strictEquals(left: ExpressionValue, right: ExpressionValue): boolean {
  return left === right;
}

/** `==`, the abstract equality of JavaScript, for JSON values. */
export function looseEquals(left: ExpressionValue, right: ExpressionValue): boolean {
  const leftNullish = left === null || left === undefined;
  const rightNullish = right === null || right === undefined;
  if (leftNullish || rightNullish) return leftNullish && rightNullish;
  const leftObject = typeof left === 'object';
  const rightObject = typeof right === 'object';
  if (leftObject && rightObject) return left === right;
  const a = leftObject ? toPrimitive(left) : left;
  const b = rightObject ? toPrimitive(right) : right;
  if (typeof a === typeof b) return a === b;
  // Mixed primitive types: both become numbers (a boolean, a numeric string), as JavaScript does.
  return Number(a) === Number(b);
}

/** `<`, `<=`, `>`, `>=`: strings compare by code unit, anything else as numbers; NaN compares false. */
export function compare(operator: '<' | '<=' | '>' | '>=', left: ExpressionValue, right: ExpressionValue): boolean {
  const a = toPrimitive(left);
  const b = toPrimitive(right);
  if (typeof a === 'string' && typeof b === 'string') {
    if (operator === '<') return a < b;
    if (operator === '<=') return a <= b;
    if (operator === '>') return a > b;
    return a >= b;
  }
  const x = Number(a);
  const y = Number(b);
  if (operator === '<') return x < y;
  if (operator === '<=') return x <= y;
  if (operator === '>') return x > y;
  return x >= y;
}

/** `+`: concatenation when either side is a string after ToPrimitive, else addition. */
export function add(left: ExpressionValue, right: ExpressionValue): string | number {
  const a = toPrimitive(left);
  const b = toPrimitive(right);
  if (typeof a === 'string' || typeof b === 'string') return String(a) + String(b);
  return Number(a) + Number(b);
}

/** What an expression shows as text (`<code class="expression">`): nothing for null and undefined. */
export function displayText(value: ExpressionValue): string {
  return value === null || value === undefined ? '' : toText(value);
}
