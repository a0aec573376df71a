import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateExpression } from './evaluate-expression.ts';
import { evaluateSource } from './evaluate-source.ts';
import { ExpressionError, isExpressionError } from './expression-error.ts';
import { expressionScope } from './expression-scope.ts';
import type { JsonValue } from './expression-value.ts';
import { maxExpressionDepth, maxExpressionLength, parseExpression } from './parse-expression.ts';

const scope = expressionScope({
  claims: {
    plan: 'pro',
    region: 'us',
    role: 'admin',
    count: 3,
    flags: { beta: true },
    unsigned: { persona: 'new', loggedIn: false, plan: 'pro' },
    tags: ['a', 'b'],
    name: '  Ada  ',
    toString: 'own key, not a method',
  },
  spaceVariables: { product: 'Quire', version: 2 },
  pageVariables: { x: 'page value' },
});

function evaluate(source: string) {
  return evaluateExpression(parseExpression(source), scope);
}

describe('evaluateExpression', () => {
  it.each<[string, unknown]>([
    ['visitor.claims.unsigned.persona === "new"', true],
    ['visitor.claims.unsigned.persona === "old"', false],
    ['!visitor.claims.unsigned.loggedIn', true],
    ['visitor.claims.flags?.beta === true', true],
    ['visitor.claims.missing?.beta === true', false],
    ["visitor.claims.unsigned['plan'] === 'pro'", true],
    ["visitor.claims.unsigned?.['plan']", 'pro'],
    ['visitor.claims.plan == "pro" && visitor.claims.region != "eu"', true],
    ['visitor.claims.plan == "pro" && visitor.claims.region == "eu"', false],
    ['["a","b"].includes(visitor.claims.role)', false],
    ['["admin","b"].includes(visitor.claims.role)', true],
    ['visitor.claims.tags.includes("b")', true],
    ['visitor.claims.count >= 3 || false', true],
    ['visitor.claims.count > 3 || false', false],
    ['space.vars.product', 'Quire'],
    ['page.vars.x ?? "default"', 'page value'],
    ['page.vars.y ?? "default"', 'default'],
    ['visitor.claims.plan === "pro" ? "Pro" : "Free"', 'Pro'],
    ['visitor.claims.plan === "free" ? "Free" : visitor.claims.count > 2 ? "Many" : "Few"', 'Many'],
    ['(1 + 2) + "x"', '3x'],
    ['1 + 2 + "x"', '3x'],
    ['"x" + 1 + 2', 'x12'],
    ['-visitor.claims.count', -3],
    ['visitor.claims.count - 1', 2],
    ['"3" == 3', true],
    ['"3" === 3', false],
    ['null == undefined', true],
    ['null === undefined', false],
    ['true == 1', true],
    ['[1,2] == "1,2"', true],
    ['"b" > "a"', true],
    ['"10" < 9', false],
    ['visitor.claims.name.trim()', 'Ada'],
    ['visitor.claims.plan.toUpperCase()', 'PRO'],
    ['"ABC".toLowerCase()', 'abc'],
    ['visitor.claims.plan.startsWith("p") && visitor.claims.plan.endsWith("o")', true],
    ['visitor.claims.plan.length', 3],
    ['visitor.claims.tags.length', 2],
    ['visitor.claims.tags[1]', 'b'],
    ['visitor.claims.tags["1"]', 'b'],
    ['visitor.claims.plan[0]', 'p'],
    ['visitor.claims.missing.deeper.still', undefined],
    ['visitor.claims.missing.includes("x")', undefined],
    ['visitor.claims.unsigned.persona', 'new'],
    ['visitor.claims.toString', 'own key, not a method'],
    ['visitor.claims.hasOwnProperty', undefined],
    ['visitor.claims.__proto__', undefined],
    ['visitor.claims.constructor', undefined],
    ['visitor.claims["constructor"]["prototype"]', undefined],
    ['visitor.claims.tags.map', undefined],
    ['visitor.claims.flags == "[object Object]"', true],
    ['0 || "" || null', null],
    ['0 ?? 1', 0],
    ['.5 + 1e1', 10.5],
    ["'it\\'s' + \"\\u0041\"", "it's" + 'A'],
    ['undefined', undefined],
    ['[1, "a", null, [true]]', [1, 'a', null, [true]]],
  ])('%s → %j', (source, expected) => {
    expect(evaluate(source)).toEqual(expected);
  });

  it.each<[string, string, number]>([
    ['visitor.claims.plan ==', 'EXPRESSION_SYNTAX', 23],
    ['visitor..claims', 'EXPRESSION_SYNTAX', 9],
    ['"open', 'EXPRESSION_SYNTAX', 1],
    ['a = 1', 'EXPRESSION_SYNTAX', 3],
    ['visitor.claims.plan.replace("a", "b")', 'EXPRESSION_SYNTAX', 21],
    ['alert(1)', 'EXPRESSION_SYNTAX', 6],
    ['(1 + 2', 'EXPRESSION_SYNTAX', 7],
    ['1 2', 'EXPRESSION_SYNTAX', 3],
    ['a ? b', 'EXPRESSION_SYNTAX', 6],
    ['x => 1', 'EXPRESSION_SYNTAX', 3],
  ])('refuses %s (%s at column %i)', (source, code, column) => {
    const error = catchError(() => parseExpression(source));
    expect(error).toBeInstanceOf(ExpressionError);
    expect(error).toMatchObject({ code, column });
    expect((error as Error).message).toContain(`column ${column}`);
  });

  it('names unknown roots and methods on the wrong type as evaluation errors', () => {
    expect(catchError(() => evaluate('vistor.claims.plan'))).toMatchObject({ code: 'EXPRESSION_EVALUATION', column: 1, message: 'unknown name vistor at column 1' });
    expect(catchError(() => evaluate('visitor.claims.count.includes(3)'))).toMatchObject({ code: 'EXPRESSION_EVALUATION', column: 22 });
    expect(catchError(() => evaluate('visitor.claims.tags.trim()'))).toMatchObject({ code: 'EXPRESSION_EVALUATION' });
    expect(catchError(() => evaluate('constructor'))).toMatchObject({ code: 'EXPRESSION_EVALUATION' });
  });

  it('refuses expressions longer or deeper than the limits', () => {
    expect(catchError(() => parseExpression(`"${'a'.repeat(maxExpressionLength)}"`))).toMatchObject({ code: 'EXPRESSION_TOO_COMPLEX' });
    expect(catchError(() => parseExpression(`${'('.repeat(maxExpressionDepth + 1)}1${')'.repeat(maxExpressionDepth + 1)}`))).toMatchObject({ code: 'EXPRESSION_TOO_COMPLEX' });
    expect(catchError(() => parseExpression('!'.repeat(maxExpressionDepth + 1) + 'true'))).toMatchObject({ code: 'EXPRESSION_TOO_COMPLEX' });
    expect(catchError(() => parseExpression(`a${'.b'.repeat(maxExpressionDepth + 1)}`))).toMatchObject({ code: 'EXPRESSION_TOO_COMPLEX' });
    expect(catchError(() => parseExpression(Array(maxExpressionDepth + 2).fill('1').join(' + ')))).toMatchObject({ code: 'EXPRESSION_TOO_COMPLEX' });
    expect(evaluate(Array(20).fill('1').join(' + '))).toBe(20);
  });

  it('returns errors from evaluateSource instead of throwing', () => {
    expect(evaluateSource('visitor.claims.plan === "pro"', scope)).toEqual({ ok: true, value: true });
    const result = evaluateSource('visitor.claims.plan ===', scope);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('EXPRESSION_SYNTAX');
  });
});

describe('evaluateExpression properties', () => {
  const json: fc.Arbitrary<JsonValue> = fc.jsonValue() as fc.Arbitrary<JsonValue>;
  /** Text built from the grammar's own pieces, so that many samples parse and many almost parse. */
  const piece = fc.constantFrom(
    'visitor', 'visitor.claims', 'space.vars', 'page.vars', '.', '?.', '[', ']', '(', ')', '"a"', "'b'", '1', '0', '-', '!', '+',
    '===', '!==', '==', '!=', '<', '>=', '&&', '||', '??', '?', ':', ',', 'true', 'null', 'undefined', '.length', '.includes(',
    '.trim()', '__proto__', '.constructor', '.prototype', '["__proto__"]', '.toString', '.valueOf', 'x', ' ',
  );
  const source = fc.oneof(fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join('')), fc.string({ maxLength: 40 }));

  it('never throws anything but an ExpressionError, whatever the text and the claims', () => {
    fc.assert(
      fc.property(source, json, (text, claims) => {
        const claimsObject = typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? claims : { value: claims };
        const local = expressionScope({ claims: claimsObject, spaceVariables: {}, pageVariables: {} });
        try {
          evaluateExpression(parseExpression(text), local);
        } catch (error) {
          if (!isExpressionError(error)) throw error;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never reaches Object.prototype or functions: every value is JSON data or undefined', () => {
    const isData = (value: unknown): boolean =>
      value === undefined ||
      value === null ||
      ['string', 'number', 'boolean'].includes(typeof value) ||
      (Array.isArray(value) && value.every(isData)) ||
      (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && value !== Object.prototype && Object.values(value as object).every(isData));
    fc.assert(
      fc.property(source, json, (text, claims) => {
        const local = expressionScope({ claims: { claims }, spaceVariables: {}, pageVariables: {} });
        let value: unknown;
        try {
          value = evaluateExpression(parseExpression(text), local);
        } catch (error) {
          if (!isExpressionError(error)) throw error;
          return;
        }
        expect(typeof value).not.toBe('function');
        expect(value).not.toBe(Object.prototype);
        expect(value).not.toBe(Array.prototype);
        expect(isData(value)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a claim exactly as the object holds it, for any own key', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), json, (key, value) => {
        const claims = JSON.parse(JSON.stringify({ [key]: value })) as Record<string, JsonValue>;
        const local = expressionScope({ claims, spaceVariables: {}, pageVariables: {} });
        const read = evaluateExpression(parseExpression(`visitor.claims[${JSON.stringify(key)}]`), local);
        const blocked = ['__proto__', 'constructor', 'prototype'].includes(key);
        expect(read).toEqual(blocked ? undefined : claims[key]);
      }),
    );
  });

  it('agrees with JavaScript on comparisons of primitives', () => {
    const primitive = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom('', '0', '1', 'a', 'b', ' 1 '), fc.boolean(), fc.constant(null));
    const operator = fc.constantFrom('===', '!==', '==', '!=', '<', '<=', '>', '>=', '+', '&&', '||', '??');
    fc.assert(
      fc.property(primitive, operator, primitive, (left, op, right) => {
        const local = expressionScope({ claims: { left, right }, spaceVariables: {}, pageVariables: {} });
        const ours = evaluateExpression(parseExpression(`visitor.claims.left ${op} visitor.claims.right`), local);
        expect(ours).toEqual(javascript(op, left, right));
      }),
    );
  });
});

/** The reference: JavaScript's own operators on primitives (no engine conversions of user objects can run here). */
function javascript(op: string, a: unknown, b: unknown): unknown {
  const x = a as number;
  const y = b as number;
  switch (op) {
    case '===': return a === b;
    case '!==': return a !== b;
    case '==': return a == b;
    case '!=': return a != b;
    case '<': return x < y;
    case '<=': return x <= y;
    case '>': return x > y;
    case '>=': return x >= y;
    case '+': return x + y;
    case '&&': return a && b;
    case '||': return a || b;
    default: return a ?? b;
  }
}

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
