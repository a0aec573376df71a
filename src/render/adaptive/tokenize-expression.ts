import { ExpressionError } from './expression-error.ts';

export type Punctuator =
  | '==='
  | '!=='
  | '=='
  | '!='
  | '<='
  | '>='
  | '<'
  | '>'
  | '&&'
  | '||'
  | '??'
  | '?.'
  | '?'
  | ':'
  | '!'
  | '-'
  | '+'
  | '('
  | ')'
  | '['
  | ']'
  | '.'
  | ',';

export type Token =
  | { kind: 'number'; value: number; column: number }
  | { kind: 'string'; value: string; column: number }
  | { kind: 'name'; value: string; column: number }
  | { kind: 'punctuator'; value: Punctuator; column: number }
  | { kind: 'end'; column: number };

/** Longest first, so `===` is not read as `==` and `=`. */
const punctuators: readonly Punctuator[] = ['===', '!==', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '<', '>', '?', ':', '!', '-', '+', '(', ')', '[', ']', '.', ','];

const escapes: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/**
 * The tokens of an expression, ending with an `end` token. Columns are 1-based.
 *
 * @example
 * tokenizeExpression('a.b == "x"').map((token) => token.kind) // → ['name', 'punctuator', 'name', 'punctuator', 'string', 'end']
 */
export function tokenizeExpression(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const char = source[at]!;
    const column = at + 1;
    if (/\s/.test(char)) {
      at++;
      continue;
    }
    if (/[0-9]/.test(char) || (char === '.' && /[0-9]/.test(source[at + 1] ?? ''))) {
      const match = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(source.slice(at))!;
      if (/[\w$]/.test(source[at + match[0].length] ?? '')) throw new ExpressionError('EXPRESSION_SYNTAX', 'a number may not run into a name', column);
      tokens.push({ kind: 'number', value: Number(match[0]), column });
      at += match[0].length;
      continue;
    }
    if (/[A-Za-z_$]/.test(char)) {
      const name = /^[A-Za-z_$][\w$]*/.exec(source.slice(at))![0];
      tokens.push({ kind: 'name', value: name, column });
      at += name.length;
      continue;
    }
    if (char === '"' || char === "'") {
      const { value, end } = readString(source, at);
      tokens.push({ kind: 'string', value, column });
      at = end;
      continue;
    }
    // `a?.5:b` is `a ? .5 : b` in JavaScript: `?.` before a digit is not optional chaining.
    const punctuator = punctuators.find((candidate) => source.startsWith(candidate, at) && !(candidate === '?.' && /[0-9]/.test(source[at + 2] ?? '')));
    if (punctuator === undefined) throw new ExpressionError('EXPRESSION_SYNTAX', `unexpected character ${JSON.stringify(char)}`, column);
    tokens.push({ kind: 'punctuator', value: punctuator, column });
    at += punctuator.length;
  }
  tokens.push({ kind: 'end', column: source.length + 1 });
  return tokens;
}

/** A quoted string starting at `start`, with JavaScript's escapes; an unknown escape is the character itself. */
function readString(source: string, start: number): { value: string; end: number } {
  const quote = source[start]!;
  let value = '';
  let at = start + 1;
  while (at < source.length) {
    const char = source[at]!;
    if (char === quote) return { value, end: at + 1 };
    if (char === '\n' || char === '\r') break;
    if (char !== '\\') {
      value += char;
      at++;
      continue;
    }
    const next = source[at + 1];
    if (next === undefined) break;
    if (next === 'u' || next === 'x') {
      const digits = next === 'u' ? 4 : 2;
      const hex = source.slice(at + 2, at + 2 + digits);
      if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(hex)) throw new ExpressionError('EXPRESSION_SYNTAX', 'invalid escape in a string', at + 1);
      value += String.fromCharCode(parseInt(hex, 16));
      at += 2 + digits;
      continue;
    }
    value += escapes[next] ?? next;
    at += 2;
  }
  throw new ExpressionError('EXPRESSION_SYNTAX', 'unterminated string', start + 1);
}
