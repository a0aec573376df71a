import { ExpressionError } from './expression-error.ts';
import { allowedMethods, type AllowedMethod, type BinaryOperator, type ExpressionNode, type LogicalOperator } from './expression-tree.ts';
import { tokenizeExpression, type Punctuator, type Token } from './tokenize-expression.ts';

/** Longer expressions are refused: conditions are one line in a page, never programs. */
export const maxExpressionLength = 2000;
/** Deeper trees are refused, so that neither parsing nor evaluating can exhaust the stack. */
export const maxExpressionDepth = 64;

/** Binding power of each binary operator (higher binds tighter), as JavaScript's precedence. */
const bindingPower: Partial<Record<Punctuator, number>> = {
  '??': 1,
  '||': 2,
  '&&': 3,
  '===': 4,
  '!==': 4,
  '==': 4,
  '!=': 4,
  '<': 5,
  '<=': 5,
  '>': 5,
  '>=': 5,
  '+': 6,
  '-': 6,
};
const logicalOperators = new Set<Punctuator>(['&&', '||', '??']);

/**
 * Parses an adaptive-content expression into a tree. Throws an ExpressionError (naming the column) for anything
 * outside the grammar: literals, names, `.x` `?.x` `[e]` `?.[e]`, calls of the allowed string and array methods,
 * `!` and unary `-`, `=== !== == != < <= > >= + - && || ??`, `? :` and parentheses.
 * `??` may be mixed with `&&` and `||` without parentheses (JavaScript refuses that); it binds loosest.
 *
 * @example
 * parseExpression('visitor.claims.plan == "pro"') // → { type: 'binary', operator: '==', left: { type: 'member', ... }, ... }
 */
export function parseExpression(source: string): ExpressionNode {
  if (source.length > maxExpressionLength) throw new ExpressionError('EXPRESSION_TOO_COMPLEX', `the expression is longer than ${maxExpressionLength} characters`, maxExpressionLength + 1);
  const parser = new Parser(tokenizeExpression(source));
  const tree = parser.expression(0);
  parser.expectEnd();
  return tree;
}

class Parser {
  private position = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  /** An expression whose binary operators bind tighter than `minimum`; a ternary when `minimum` is 0. */
  expression(minimum: number): ExpressionNode {
    return this.nested(() => {
      let left = this.unary();
      for (;;) {
        const token = this.peek();
        const power = token.kind === 'punctuator' ? bindingPower[token.value] : undefined;
        if (token.kind !== 'punctuator' || power === undefined || power <= minimum) break;
        this.position++;
        const right = this.expression(power);
        left = logicalOperators.has(token.value)
          ? { type: 'logical', operator: token.value as LogicalOperator, left, right, column: token.column }
          : { type: 'binary', operator: token.value as BinaryOperator, left, right, column: token.column };
        this.checkDepth(left);
      }
      const question = this.peek();
      if (minimum === 0 && this.isPunctuator(question, '?')) {
        this.position++;
        const consequent = this.expression(0);
        this.expect(':');
        const alternate = this.expression(0);
        return { type: 'conditional', test: left, consequent, alternate, column: question.column };
      }
      return left;
    });
  }

  expectEnd(): void {
    const token = this.peek();
    if (token.kind !== 'end') throw new ExpressionError('EXPRESSION_SYNTAX', `unexpected ${describe(token)}`, token.column);
  }

  private unary(): ExpressionNode {
    const token = this.peek();
    if (this.isPunctuator(token, '!') || this.isPunctuator(token, '-')) {
      this.position++;
      const operand = this.nested(() => this.unary());
      return { type: 'unary', operator: token.value as '!' | '-', operand, column: token.column };
    }
    return this.postfix(this.primary());
  }

  private primary(): ExpressionNode {
    const token = this.next();
    const column = token.column;
    if (token.kind === 'number' || token.kind === 'string') return { type: 'literal', value: token.value, column };
    if (token.kind === 'name') {
      if (token.value === 'true' || token.value === 'false') return { type: 'literal', value: token.value === 'true', column };
      if (token.value === 'null') return { type: 'literal', value: null, column };
      if (token.value === 'undefined') return { type: 'literal', value: undefined, column };
      return { type: 'name', name: token.value, column };
    }
    if (this.isPunctuator(token, '(')) {
      const inner = this.expression(0);
      this.expect(')');
      return inner;
    }
    if (this.isPunctuator(token, '[')) {
      const elements = this.list(']');
      return { type: 'array', elements, column };
    }
    throw new ExpressionError('EXPRESSION_SYNTAX', `unexpected ${describe(token)}`, column);
  }

  /** Member accesses and method calls after a primary expression. */
  private postfix(start: ExpressionNode): ExpressionNode {
    let node = start;
    for (;;) {
      const token = this.peek();
      if (token.kind !== 'punctuator') return node;
      const optional = token.value === '?.';
      if (token.value === '.' || optional) {
        this.position++;
        if (optional && this.isPunctuator(this.peek(), '[')) {
          this.position++;
          node = this.computed(node, true, token.column);
          continue;
        }
        const name = this.next();
        if (name.kind !== 'name') throw new ExpressionError('EXPRESSION_SYNTAX', `expected a property name after "${token.value}", found ${describe(name)}`, name.column);
        if (this.isPunctuator(this.peek(), '(')) {
          if (!(allowedMethods as readonly string[]).includes(name.value)) {
            throw new ExpressionError('EXPRESSION_SYNTAX', `only ${allowedMethods.join(', ')} may be called, not ${name.value}`, name.column);
          }
          this.position++;
          node = { type: 'call', receiver: node, method: name.value as AllowedMethod, args: this.list(')'), optional, column: name.column };
        } else node = { type: 'member', object: node, property: name.value, optional, column: name.column };
      } else if (token.value === '[') {
        this.position++;
        node = this.computed(node, false, token.column);
      } else if (token.value === '(') {
        throw new ExpressionError('EXPRESSION_SYNTAX', `only the methods ${allowedMethods.join(', ')} may be called`, token.column);
      } else return node;
      this.checkDepth(node);
    }
  }

  private computed(object: ExpressionNode, optional: boolean, column: number): ExpressionNode {
    const property = this.expression(0);
    this.expect(']');
    return { type: 'member', object, property, optional, column };
  }

  /** Comma-separated expressions up to `close` (already past the opening bracket); a trailing comma is allowed. */
  private list(close: ')' | ']'): ExpressionNode[] {
    const items: ExpressionNode[] = [];
    while (!this.isPunctuator(this.peek(), close)) {
      items.push(this.expression(0));
      if (!this.isPunctuator(this.peek(), ',')) break;
      this.position++;
    }
    this.expect(close);
    return items;
  }

  private nested<T>(parse: () => T): T {
    if (++this.depth > maxExpressionDepth) throw new ExpressionError('EXPRESSION_TOO_COMPLEX', `the expression nests deeper than ${maxExpressionDepth} levels`, this.peek().column);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  /** Left-nested chains (`a.b.c…`, `a + b + c…`) are built in loops: their depth is counted here. */
  private checkDepth(node: ExpressionNode): void {
    let depth = this.depth;
    for (let current: ExpressionNode = node; ; depth++) {
      if (depth > maxExpressionDepth) throw new ExpressionError('EXPRESSION_TOO_COMPLEX', `the expression nests deeper than ${maxExpressionDepth} levels`, node.column);
      if (current.type === 'member') current = current.object;
      else if (current.type === 'call') current = current.receiver;
      else if (current.type === 'binary' || current.type === 'logical') current = current.left;
      else return;
    }
  }

  private expect(value: Punctuator): void {
    const token = this.next();
    if (!this.isPunctuator(token, value)) throw new ExpressionError('EXPRESSION_SYNTAX', `expected "${value}", found ${describe(token)}`, token.column);
  }

  private isPunctuator(token: Token, value: Punctuator): token is Extract<Token, { kind: 'punctuator' }> {
    return token.kind === 'punctuator' && token.value === value;
  }

  private peek(): Token {
    return this.tokens[this.position]!;
  }

  private next(): Token {
    const token = this.tokens[this.position]!;
    if (token.kind !== 'end') this.position++;
    return token;
  }
}

function describe(token: Token): string {
  if (token.kind === 'end') return 'end of the expression';
  if (token.kind === 'string') return 'a string';
  if (token.kind === 'number') return `the number ${token.value}`;
  return `"${token.value}"`;
}
