import type { ExpressionScope } from './evaluate-expression.ts';
import type { JsonValue } from './expression-value.ts';

export type JsonObject = { [key: string]: JsonValue };

/** What the hosted service lets expressions read, as far as an export knows it. */
export interface ExpressionScopeInput {
  /**
   * The visitor's claims, as given to the export (`--claims`), used as-is: the hosted service puts unsigned
   * claims under `visitor.claims.unsigned`, so a claims file that should match such expressions nests them the
   * same way (`{ "unsigned": { "persona": "new" } }`). `{}` when none are given.
   */
  claims: JsonObject;
  /** The space's variables (`.gitbook/vars.yaml`), `space.vars`. */
  spaceVariables: JsonObject;
  /** The page's variables (`vars:` in its front matter), `page.vars`. */
  pageVariables: JsonObject;
}

/**
 * The names an expression may start from: `visitor.claims`, `space.vars` and `page.vars`.
 *
 * @example
 * expressionScope({ claims: { plan: 'pro' }, spaceVariables: {}, pageVariables: {} }).visitor // → { claims: { plan: 'pro' } }
 */
export function expressionScope(input: ExpressionScopeInput): ExpressionScope {
  return {
    visitor: { claims: input.claims },
    space: { vars: input.spaceVariables },
    page: { vars: input.pageVariables },
  };
}
