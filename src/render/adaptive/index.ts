// Adaptive content: the expressions of `{% if %}` blocks, page conditions (`if:`) and inline expressions
// (`<code class="expression">`), evaluated at export time against the claims given to the export.
export { evaluateExpression, type ExpressionScope } from './evaluate-expression.ts';
export { evaluateSource, type EvaluationResult } from './evaluate-source.ts';
export { ExpressionError, isExpressionError, type ExpressionErrorCode } from './expression-error.ts';
export { expressionScope, type ExpressionScopeInput, type JsonObject } from './expression-scope.ts';
export { allowedMethods, type ExpressionNode } from './expression-tree.ts';
export { displayText, isTruthy, type ExpressionValue, type JsonValue } from './expression-value.ts';
export { maxExpressionDepth, maxExpressionLength, parseExpression } from './parse-expression.ts';
export { pageExclusions, type PageExclusions } from './page-conditions.ts';
