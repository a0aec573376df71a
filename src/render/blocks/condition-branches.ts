import type { Condition } from '../../markdown/index.ts';

/** One branch of a condition: its expression (`undefined` for `{% else %}`) and its content. */
export interface ConditionBranch {
  expression: string | undefined;
  children: Condition['children'];
}

/**
 * The branches of a `{% if %}` block. The Markdown reader keeps `{% else %}` and `{% elsif x %}` (or
 * `{% elseif x %}`) as tags among the condition's children (fixtures/markdown/condition): they split it here.
 *
 * @example
 * conditionBranches(parse('{% if a %}\nA\n{% else %}\nB\n{% endif %}')) // → [{ expression: 'a', … }, { expression: undefined, … }]
 */
export function conditionBranches(node: Condition): ConditionBranch[] {
  const branches: ConditionBranch[] = [{ expression: node.expression, children: [] }];
  for (const child of node.children) {
    const match = child.type === 'liquidTag' ? /^\{%-?\s*(else|elsif|elseif)\b\s*([\s\S]*?)\s*-?%\}$/.exec(child.value) : null;
    if (match) branches.push({ expression: match[1] === 'else' ? undefined : match[2], children: [] });
    else branches.at(-1)!.children.push(child);
  }
  return branches;
}
