import type { Element, ElementContent } from 'hast';
import type { Code } from 'mdast';
import type { CodeOptions } from '../../markdown/index.ts';
import type { State } from 'mdast-util-to-hast';
import { element, text } from '../body/hast-builder.ts';

/** A fenced block, without options: the same frame as with them (copy button, language class). */
export function code(_state: State, node: Code): Element {
  return codeFrame(node, {});
}

/** `{% code title="..." overflow="wrap" lineNumbers="true" %}` around a fenced block. */
export function codeOptions(state: State, node: CodeOptions): Element | ElementContent[] {
  const inner = node.children[0];
  if (inner?.type !== 'code') return state.all(node);
  return codeFrame(inner, node);
}

/** The frame of a fenced block (header with its title or language, line numbers, wrapping) with the given options. */
export function codeFrame(node: Pick<Code, 'lang' | 'value'>, options: Pick<CodeOptions, 'title' | 'overflow' | 'lineNumbers' | 'expandable' | 'fullWidth'>): Element {
  const language = node.lang ? /^[\w#+.-]{1,40}$/.exec(node.lang)?.[0] : undefined;
  const value = node.value;
  const body: ElementContent[] = options.lineNumbers
    ? value.split('\n').flatMap((line, index, lines): ElementContent[] => {
        const span = element('span', { className: ['line'] }, line === '' ? [] : [text(line)]);
        return index < lines.length - 1 ? [span, text('\n')] : [span];
      })
    : [text(value)];
  return element(
    'div',
    {
      className: ['code-block'],
      dataLineNumbers: options.lineNumbers ? 'true' : undefined,
      dataWrap: options.overflow === 'wrap' ? 'true' : undefined,
      dataExpandable: options.expandable ? 'true' : undefined,
      dataFullWidth: options.fullWidth ? 'true' : undefined,
    },
    [
      ...(options.title || language ? [element('div', { className: ['code-header'] }, [element('span', { className: ['code-title'] }, [text(options.title || language!)])])] : []),
      element('pre', {}, [element('code', { className: language ? [`language-${language}`] : undefined }, body)]),
    ],
  );
}
