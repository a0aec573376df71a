import type { Element, ElementContent } from 'hast';
import type { Condition, LiquidBlock, LiquidTag, Update, Updates } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { evaluateSource, isTruthy } from '../adaptive/index.ts';
import type { BodyContext } from '../body/body-context.ts';
import { element, text } from '../body/hast-builder.ts';
import { conditionBranches } from './condition-branches.ts';

/** An unknown `{% name %}` … `{% endname %}`: its content, never dropped. */
export function liquidBlock(state: State, node: LiquidBlock): Element {
  return element('div', { className: ['liquid-block'], dataTag: node.name || undefined }, state.all(node));
}

/** An unknown void tag or a stray end tag: it has no content to show. */
export function liquidTag(_state: State, _node: LiquidTag): undefined {
  return undefined;
}

/**
 * `{% if … %}` … `{% elsif … %}` … `{% else %}` … `{% endif %}`: the content of the first branch whose expression
 * holds for the export's claims (src/render/adaptive), and nothing else: no wrapper, never the expression. An
 * expression that cannot be evaluated hides the whole block and is reported as a warning.
 */
export function createConditionHandler(context: BodyContext) {
  return (state: State, node: Condition): ElementContent[] => {
    for (const branch of conditionBranches(node)) {
      if (branch.expression === undefined) return state.all({ ...node, children: branch.children });
      const result = evaluateSource(branch.expression, context.scope);
      if (!result.ok) {
        context.warnings.push(`{% if ${branch.expression} %} cannot be evaluated (${result.error.message}): the block is hidden`);
        return [];
      }
      if (isTruthy(result.value)) return state.all({ ...node, children: branch.children });
    }
    return [];
  };
}

/** `{% updates %}` → a changelog of dated entries with tags. */
export function updates(state: State, node: Updates): Element {
  return updatesElement(node.children.map((child) => update(state, child)));
}

/** The changelog of rendered entries. */
export function updatesElement(entries: Element[]): Element {
  return element('div', { className: ['updates'] }, entries);
}

export function update(state: State, node: Update): Element {
  return updateElement(node, state.all(node));
}

/** One dated entry around its rendered content. */
export function updateElement(node: Pick<Update, 'date' | 'tags'>, children: ElementContent[]): Element {
  return element('section', { className: ['update'] }, [
    element('div', { className: ['update-meta'] }, [
      ...(node.date ? [element('time', { dateTime: node.date }, [text(formatDate(node.date))])] : []),
      ...(node.tags ?? []).map((tag) => element('span', { className: ['update-tag'] }, [text(tag)])),
    ]),
    element('div', { className: ['update-body'] }, children),
  ]);
}

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function formatDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? months[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${Number(match[3])}, ${match[1]}` : date;
}
