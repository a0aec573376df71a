import type { RevisionPage } from '@gitbook/api';
import { evaluateSource } from './evaluate-source.ts';
import { expressionScope, type JsonObject } from './expression-scope.ts';
import { isTruthy } from './expression-value.ts';

/** The pages of a space that an export leaves out, and why some conditions could not be used. */
export interface PageExclusions {
  /** Ids of pages whose condition does not hold, or could not be evaluated, and of all their descendants. */
  excluded: Set<string>;
  /** One line per condition that could not be evaluated (its page is left out). */
  warnings: string[];
}

/**
 * Which pages of a space's tree are left out for these claims: a page whose `if:` condition is false (or fails)
 * is not exported, nor is anything under it. `page.vars` is each page's own variables.
 *
 * @example
 * pageExclusions(revision.pages, { claims: {}, spaceVariables: {} }).excluded // → Set { 'pro-only-page-id', 'its-child-id' }
 */
export function pageExclusions(pages: readonly RevisionPage[], input: { claims: JsonObject; spaceVariables: JsonObject; spaceTitle?: string }): PageExclusions {
  const excluded = new Set<string>();
  const warnings: string[] = [];
  const walk = (list: readonly RevisionPage[], parentExcluded: boolean) => {
    for (const page of list) {
      let out = parentExcluded;
      if (!out && page.condition !== undefined && page.condition.trim() !== '') {
        const pageVariables = 'variables' in page && page.variables ? (page.variables as JsonObject) : {};
        const result = evaluateSource(page.condition, expressionScope({ claims: input.claims, spaceVariables: input.spaceVariables, pageVariables }));
        if (!result.ok) warnings.push(`page "${page.title}"${input.spaceTitle ? ` of ${input.spaceTitle}` : ''}: its condition ${JSON.stringify(page.condition)} cannot be evaluated (${result.error.message}): the page is not exported`);
        out = !result.ok || !isTruthy(result.value);
      }
      if (out) excluded.add(page.id);
      if (page.type === 'document' || page.type === 'group') walk(page.pages, out);
    }
  };
  walk(pages, false);
  return { excluded, warnings };
}
