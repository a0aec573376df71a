import { evaluateExpression, type ExpressionScope } from './evaluate-expression.ts';
import { isExpressionError, type ExpressionError } from './expression-error.ts';
import type { ExpressionNode } from './expression-tree.ts';
import type { ExpressionValue } from './expression-value.ts';
import { parseExpression } from './parse-expression.ts';

export type EvaluationResult = { ok: true; value: ExpressionValue } | { ok: false; error: ExpressionError };

/** Pages repeat the same few conditions: each is parsed once. */
const parsed = new Map<string, ExpressionNode | ExpressionError>();
const cacheLimit = 1000;

/**
 * Parses and evaluates an expression as written in content, and says why it could not when it could not.
 * Never throws for the expression's sake: only ExpressionErrors are expected, and they are returned.
 *
 * @example
 * evaluateSource('space.vars.product ?? "Quire"', scope) // → { ok: true, value: 'Quire' }
 */
export function evaluateSource(source: string, scope: ExpressionScope): EvaluationResult {
  let tree = parsed.get(source);
  if (tree === undefined) {
    try {
      tree = parseExpression(source);
    } catch (error) {
      if (!isExpressionError(error)) throw error;
      tree = error;
    }
    if (parsed.size >= cacheLimit) parsed.clear();
    parsed.set(source, tree);
  }
  if (isExpressionError(tree)) return { ok: false, error: tree };
  try {
    return { ok: true, value: evaluateExpression(tree, scope) };
  } catch (error) {
    if (!isExpressionError(error)) throw error;
    return { ok: false, error };
  }
}
