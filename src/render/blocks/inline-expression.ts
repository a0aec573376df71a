import type { Element, Root, RootContent } from 'hast';
import { displayText, evaluateSource } from '../adaptive/index.ts';
import type { BodyContext } from '../body/body-context.ts';

/**
 * `<code class="expression">space.vars.product</code>` (how the hosted editor writes an inline expression) → the
 * expression's value as text, evaluated for the export's claims and variables: empty when it is `undefined` or
 * `null`, or when it cannot be evaluated (reported as a warning). The expression itself is never shown.
 * Runs on the tree once raw HTML is parsed, before links are resolved and the tree is sanitized.
 *
 * @example
 * renderInlineExpressions(tree, context) // <p>Welcome to <code class="expression">space.vars.product</code></p> → <p>Welcome to Quire</p>
 */
export function renderInlineExpressions(tree: Root, context: BodyContext): void {
  const walk = (nodes: RootContent[]) => {
    for (let index = 0; index < nodes.length; index++) {
      const node = nodes[index]!;
      if (node.type !== 'element') continue;
      if (isExpression(node)) nodes[index] = { type: 'text', value: evaluate(textOf(node), context) };
      else walk(node.children);
    }
  };
  walk(tree.children);
}

function isExpression(node: Element): boolean {
  const className = node.properties.className;
  return node.tagName === 'code' && Array.isArray(className) && className.includes('expression');
}

function evaluate(source: string, context: BodyContext): string {
  const result = evaluateSource(source.trim(), context.scope);
  if (result.ok) return displayText(result.value);
  context.warnings.push(`<code class="expression">${source}</code> cannot be evaluated (${result.error.message}): it shows nothing`);
  return '';
}

function textOf(node: Element): string {
  return node.children.map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '')).join('');
}
