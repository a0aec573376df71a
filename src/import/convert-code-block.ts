import type { Element, ElementContent, Root } from 'hast';
import type { Code, InlineCode } from 'mdast';
import { marks, type Handle } from './convert-state.ts';
import { classNames, stringProperty, walkElements } from './convert-walk.ts';

/*
 * Code blocks keep their language. Generators write it in many places: `class="language-x"` or `lang-x` on
 * `<code>` or `<pre>` (Prism, highlight.js, Hugo, Rouge), `data-lang` / `data-language` (Hugo, Docsy),
 * `highlight-x` on a wrapper (Sphinx), `highlight-source-x` (GitHub), `brush: x` (SyntaxHighlighter),
 * `sourceCode x` (Pandoc). The `<pre>`, its `<code>` and up to three wrappers around the `<pre>` are looked at,
 * nearest first. Highlighting spans are flattened to their text, and line-number gutters dropped.
 */

/** Languages that say "no language". */
const noLanguage = new Set(['default', 'none', 'nohighlight', 'no-highlight', 'plain', 'plaintext', 'text', 'txt']);

/** How many wrappers around a `<pre>` may name its language. */
const wrapperLevels = 3;

/** Class names of line numbers inside or beside highlighted code. */
const lineNumberClass = /^(?:linenos?|lineno|line-numbers?|line-numbers-rows|gutter|hll-lineno|ln)$/i;

/** The language one element names, lower-cased, if any. */
function namedLanguage(element: Element): string | undefined {
  const data = stringProperty(element, 'dataLang') ?? stringProperty(element, 'dataLanguage');
  if (data !== undefined) return data;
  const names = classNames(element);
  for (const [index, name] of names.entries()) {
    const prefixed = /^(?:language|lang|highlight-source|highlight)-(.+)$/i.exec(name);
    if (prefixed) return prefixed[1];
    if (/^brush:?$/i.test(name)) return names[index + 1]?.replace(/;$/, '');
  }
  if (names.some((name) => name.toLowerCase() === 'sourcecode')) return names.find((name) => !/^(?:sourcecode|numbersource|number-lines)$/i.test(name));
  return undefined;
}

/** A language as a fence info string can hold it, or undefined. */
function usableLanguage(language: string | undefined): string | undefined {
  const lower = language?.trim().toLowerCase();
  if (lower === undefined || noLanguage.has(lower) || !/^[a-z0-9][a-z0-9_+#.-]{0,39}$/.test(lower)) return undefined;
  return lower;
}

/**
 * Marks every `<pre>` under `root` that names a language (see above) with it (`marks.language`), for
 * `codeBlockHandler`.
 *
 * @example
 * ```ts
 * markCodeLanguages(content); // <div class="highlight-bash"><div><pre>… → the <pre> is marked 'bash'
 * ```
 */
export function markCodeLanguages(root: Element): void {
  const parents = new WeakMap<Element, Element | Root>();
  walkElements(root, (element, parent) => {
    parents.set(element, parent);
    if (element.tagName !== 'pre') return 'continue';
    const code = element.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
    const candidates: Element[] = [...(code ? [code] : []), element];
    let ancestor = parent;
    for (let level = 0; level < wrapperLevels && ancestor.type === 'element' && ancestor !== root; level++) {
      candidates.push(ancestor);
      ancestor = parents.get(ancestor) ?? root;
    }
    for (const candidate of candidates) {
      const language = usableLanguage(namedLanguage(candidate));
      if (language !== undefined) {
        element.properties[marks.language] = language;
        break;
      }
    }
    return 'skip';
  });
}

/** The text of a code block: highlighting flattened, line numbers dropped, `<br>` as a line feed. */
function codeText(pre: Element): string {
  const parts: string[] = [];
  const pending: ElementContent[] = [pre];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next.type === 'text') parts.push(next.value);
    else if (next.type === 'element') {
      if (next.tagName === 'br') parts.push('\n');
      else if (!classNames(next).some((name) => lineNumberClass.test(name))) {
        for (let index = next.children.length - 1; index >= 0; index--) pending.push(next.children[index]!);
      }
    }
  }
  return parts.join('').replace(/\n+$/, '');
}

/**
 * The handler of `<pre>`: a fenced code block with the language `markCodeLanguages` found; inline code inside a
 * table cell, where blocks cannot go.
 *
 * @example
 * ```ts
 * toMdast(tree, { handlers: { pre: codeBlockHandler } });
 * ```
 */
export const codeBlockHandler: Handle = (state, element): Code | InlineCode => {
  const value = codeText(element);
  if (state.inTable) return { type: 'inlineCode', value: value.replace(/\s*\n\s*/g, ' ') };
  const language = element.properties[marks.language];
  return { type: 'code', lang: typeof language === 'string' ? language : null, meta: null, value };
};
