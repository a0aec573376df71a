import { QuireError } from '../../errors/index.ts';

/*
 * Fractional indexing: sibling order is kept as strings that sort in byte order, and a key can always be made
 * between two others, so moving an item rewrites that item only. An integer part (its first character tells
 * its length: `a` = 1 digit, `b` = 2, ...; `Z`, `Y`, ... for the negative side) grows by one character every
 * 62^n appends, so appending thousands of items keeps keys short; a fractional part follows for keys made
 * between two neighbours. The algorithm is David Greenspan's "Implementing Fractional Indexing"
 * (observablehq.com/@dgreensp/implementing-fractional-indexing).
 *
 * The columns holding these keys compare in byte order (`COLLATE "C"` on PostgreSQL, SQLite's default).
 */

const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const smallestInteger = `A${'0'.repeat(26)}`;

/**
 * A position key that sorts after `before` and before `after` (either may be absent: the start or the end).
 *
 * @example
 * positionBetween() // → 'a0'
 * positionBetween('a0') // → 'a1'
 * positionBetween('a0', 'a1') // → 'a0V'
 */
export function positionBetween(before?: string | null, after?: string | null): string {
  const a = before ?? null;
  const b = after ?? null;
  if (a !== null) validatePosition(a);
  if (b !== null) validatePosition(b);
  if (a !== null && b !== null && a >= b) {
    throw new QuireError('INVALID_ARGUMENT', `position ${a} is not before ${b}`, { field: 'position' });
  }
  if (a === null) {
    if (b === null) return 'a0';
    const integerB = integerPart(b);
    const fractionB = b.slice(integerB.length);
    if (integerB === smallestInteger) return integerB + midpoint('', fractionB);
    if (integerB < b) return integerB;
    const decremented = decrementInteger(integerB);
    if (decremented === null) throw exhausted();
    return decremented;
  }
  if (b === null) {
    const integerA = integerPart(a);
    const fractionA = a.slice(integerA.length);
    const incremented = incrementInteger(integerA);
    return incremented === null ? integerA + midpoint(fractionA, null) : incremented;
  }
  const integerA = integerPart(a);
  const fractionA = a.slice(integerA.length);
  const integerB = integerPart(b);
  const fractionB = b.slice(integerB.length);
  if (integerA === integerB) return integerA + midpoint(fractionA, fractionB);
  const incremented = incrementInteger(integerA);
  if (incremented === null) throw exhausted();
  if (incremented < b) return incremented;
  return integerA + midpoint(fractionA, null);
}

/**
 * True when `value` is a position key `positionBetween` could have made.
 *
 * @example
 * isPositionKey('a0') // → true
 */
export function isPositionKey(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    validatePosition(value);
    return true;
  } catch {
    return false;
  }
}

function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let common = 0;
    while ((a[common] ?? '0') === b[common]) common++;
    if (common > 0) return b.slice(0, common) + midpoint(a.slice(common), b.slice(common));
  }
  const digitA = a ? digits.indexOf(a[0]!) : 0;
  const digitB = b !== null ? digits.indexOf(b[0]!) : digits.length;
  if (digitB - digitA > 1) return digits[Math.round(0.5 * (digitA + digitB))]!;
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return digits[digitA]! + midpoint(a.slice(1), null);
}

function integerLength(head: string): number {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 'a'.charCodeAt(0) + 2;
  if (head >= 'A' && head <= 'Z') return 'Z'.charCodeAt(0) - head.charCodeAt(0) + 2;
  throw invalid(head);
}

function integerPart(key: string): string {
  const length = integerLength(key[0] ?? '');
  if (length > key.length) throw invalid(key);
  return key.slice(0, length);
}

function validatePosition(key: string): void {
  if (key === smallestInteger) throw invalid(key);
  const integer = integerPart(key);
  for (const character of key) if (!digits.includes(character)) throw invalid(key);
  if (key.length > integer.length && key.endsWith('0')) throw invalid(key);
}

function incrementInteger(integer: string): string | null {
  const head = integer[0]!;
  const body = integer.slice(1).split('');
  let carry = true;
  for (let index = body.length - 1; carry && index >= 0; index--) {
    const next = digits.indexOf(body[index]!) + 1;
    if (next === digits.length) {
      body[index] = '0';
    } else {
      body[index] = digits[next]!;
      carry = false;
    }
  }
  if (!carry) return head + body.join('');
  if (head === 'Z') return 'a0';
  if (head === 'z') return null;
  const nextHead = String.fromCharCode(head.charCodeAt(0) + 1);
  if (nextHead > 'a') body.push('0');
  else body.pop();
  return nextHead + body.join('');
}

function decrementInteger(integer: string): string | null {
  const head = integer[0]!;
  const body = integer.slice(1).split('');
  let borrow = true;
  for (let index = body.length - 1; borrow && index >= 0; index--) {
    const next = digits.indexOf(body[index]!) - 1;
    if (next === -1) {
      body[index] = digits[digits.length - 1]!;
    } else {
      body[index] = digits[next]!;
      borrow = false;
    }
  }
  if (!borrow) return head + body.join('');
  if (head === 'a') return `Z${digits[digits.length - 1]}`;
  if (head === 'A') return null;
  const nextHead = String.fromCharCode(head.charCodeAt(0) - 1);
  if (nextHead < 'Z') body.push(digits[digits.length - 1]!);
  else body.pop();
  return nextHead + body.join('');
}

function invalid(key: string): QuireError {
  return new QuireError('INVALID_ARGUMENT', `position ${JSON.stringify(key)} is not a position key`, { field: 'position' });
}

function exhausted(): QuireError {
  return new QuireError('INTERNAL', 'position keys are exhausted at this end of the list');
}
