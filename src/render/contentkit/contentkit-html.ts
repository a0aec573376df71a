// ContentKit (the published `ContentKit*` schemas of @gitbook/api) as static hast: what an integration's block
// looks like on its first paint, with nothing interactive. The element comes from an integration's script, so it
// is read as untrusted JSON, field by field: a field of the wrong type is ignored, never trusted. No script, no
// frame, no form control, no event handler is produced; URLs pass src/render/safe-url.ts. The page's sanitizer
// (bodySchema) runs over the result as over any page body.
import type { Element, ElementContent } from 'hast';
import { element, text } from '../body/hast-builder.ts';
import { hintElement } from '../blocks/hint.ts';
import { descriptionMarkdown } from '../openapi/description-markdown.ts';
import { boundString, type ContentKitState } from './contentkit-state.ts';
import { actionUrl, contentKitImageUrl, contentKitUrl } from './contentkit-url.ts';

/** Deeper than this, an element is not drawn: a script could answer a tree deep enough to overflow the stack. */
const maxDepth = 64;

type Node = Record<string, unknown>;

const textStyles: Record<string, string> = { bold: 'strong', italic: 'em', code: 'code', strikethrough: 'del' };
const aligns = new Set(['start', 'center', 'end']);

/**
 * A ContentKit element (a `block`, or any descendant) as static hast: stacks and boxes as flex rows and columns,
 * text and Markdown as text, cards, hints, dividers, images and code blocks as the page draws its own; a button
 * as a link when it opens a URL, else a disabled button; a web frame as a link to its page. Form controls and
 * unknown elements are left out, the text of their children kept.
 *
 * @example
 * contentKitHtml({ type: 'block', children: [{ type: 'text', children: ['Hello'] }] }, {})
 * // → <div class="contentkit contentkit-block"><p class="contentkit-text">Hello</p></div>
 */
export function contentKitHtml(root: unknown, state: ContentKitState = {}): Element {
  return element('div', { className: ['contentkit', 'contentkit-block'] }, descendants(isNode(root) ? root['children'] : undefined, state, 1));
}

function descendants(children: unknown, state: ContentKitState, depth: number): ElementContent[] {
  if (typeof children === 'string') return [text(children)];
  if (!Array.isArray(children) || depth > maxDepth) return [];
  return children.flatMap((child) => descendant(child, state, depth));
}

function descendant(node: unknown, state: ContentKitState, depth: number): ElementContent[] {
  if (typeof node === 'string') return [text(node)];
  if (!isNode(node)) return [];
  const inner = (children: unknown) => descendants(children, state, depth + 1);
  switch (node['type']) {
    case 'block':
    case 'box':
      return [element('div', { className: [`contentkit-${node['type']}`], dataGrow: typeof node['grow'] === 'number' ? String(node['grow']) : undefined }, inner(node['children']))];
    case 'hstack':
    case 'vstack':
      return [element('div', { className: [`contentkit-${node['type']}`], dataAlign: aligned(node['align']) }, inner(node['children']))];
    case 'divider':
      return [element('hr', { className: ['contentkit-divider'] })];
    case 'text':
      return [element('p', { className: ['contentkit-text'] }, inline(node, state, depth))];
    case 'link':
      return [element('p', { className: ['contentkit-text'] }, inline(node, state, depth))];
    case 'markdown': {
      const source = boundString(node['content'], state);
      return source === undefined ? [] : [element('div', { className: ['contentkit-markdown'] }, descriptionMarkdown(source))];
    }
    case 'codeblock':
      return codeBlock(node, state, inner);
    case 'image':
      return image(node);
    case 'card':
      return [card(node, state, depth, inner)];
    case 'hint':
      return [hintElement('info', [element('p', {}, inlines(node['children'], state, depth))])];
    case 'button':
      return [button(node, state)];
    case 'webframe': {
      const url = contentKitUrl(isNode(node['source']) ? node['source']['url'] : undefined, state);
      return url === undefined ? [] : [element('p', { className: ['contentkit-webframe'] }, [element('a', { href: url }, [text(url)])])];
    }
    case 'input':
      return [element('p', { className: ['contentkit-input'] }, [...stringField(node['label'], 'strong'), ...(node['hint'] === undefined ? [] : [text(' '), ...inlines([node['hint']].flat(), state, depth)])])];
    case 'stepper':
    case 'step':
      return [
        element('section', { className: [`contentkit-${node['type']}`] }, [...(typeof node['title'] === 'string' ? [element('p', {}, [element('strong', {}, [text(node['title'])])])] : []), ...inner(node['children'])]),
      ];
    default:
      // Form controls (textinput, select, switch, checkbox, radio) need the hosted app; an element added to
      // ContentKit later is shown as its children, so its text is kept.
      return inner(node['children']);
  }
}

/** The runs of a `text` or `link` element, and of hints and card hints: styled text and links. */
function inline(node: Node, state: ContentKitState, depth: number): ElementContent[] {
  if (depth > maxDepth) return [];
  const children = typeof node['children'] === 'string' ? [text(node['children'])] : inlines(node['children'], state, depth + 1);
  if (node['type'] === 'link') {
    const url = isNode(node['target']) ? contentKitUrl(node['target']['url'], state) : undefined;
    return url === undefined ? children : [element('a', { href: url }, children)];
  }
  const tag = typeof node['style'] === 'string' ? textStyles[node['style']] : undefined;
  return tag === undefined ? children : [element(tag, {}, children)];
}

function inlines(children: unknown, state: ContentKitState, depth: number): ElementContent[] {
  if (typeof children === 'string') return [text(children)];
  if (!Array.isArray(children)) return [];
  return children.flatMap((child): ElementContent[] => {
    if (typeof child === 'string') return [text(child)];
    if (!isNode(child)) return [];
    if (child['type'] === 'image') return image(child);
    return inline(child, state, depth);
  });
}

function codeBlock(node: Node, state: ContentKitState, inner: (children: unknown) => ElementContent[]): ElementContent[] {
  const content = boundString(node['content'], state) ?? '';
  const language = typeof node['syntax'] === 'string' && /^[\w+#-]+$/.test(node['syntax']) ? node['syntax'] : undefined;
  return [
    element('div', { className: ['contentkit-codeblock'] }, [
      ...inner(node['header']),
      element('pre', {}, [element('code', { className: language === undefined ? undefined : [`language-${language}`] }, [text(content)])]),
      ...inner(node['footer']),
    ]),
  ];
}

function image(node: Node): ElementContent[] {
  const src = contentKitImageUrl(node['source']);
  return src === undefined ? [] : [element('img', { src, alt: '', className: ['contentkit-image'], dataAspectRatio: typeof node['aspectRatio'] === 'number' ? String(node['aspectRatio']) : undefined })];
}

function card(node: Node, state: ContentKitState, depth: number, inner: (children: unknown) => ElementContent[]): Element {
  const url = actionUrl(node['onPress'], state);
  const title = stringField(node['title'], 'strong');
  const hint = node['hint'] === undefined ? [] : [element('p', { className: ['contentkit-card-hint'] }, inlines(node['hint'], state, depth))];
  return element('div', { className: ['contentkit-card'] }, [
    ...(title.length === 0 ? [] : [element('p', { className: ['contentkit-card-title'] }, url === undefined ? title : [element('a', { href: url }, title)])]),
    ...hint,
    ...inner(node['children']),
    ...(Array.isArray(node['buttons']) ? [element('div', { className: ['contentkit-buttons'] }, node['buttons'].filter(isNode).map((item) => button(item, state)))] : []),
  ]);
}

/** A button: a link when it opens a URL; otherwise a disabled button (its action needs the hosted app). */
function button(node: Node, state: ContentKitState): Element {
  const label = [text(typeof node['label'] === 'string' ? node['label'] : typeof node['tooltip'] === 'string' ? node['tooltip'] : 'Button')];
  const style = typeof node['style'] === 'string' && ['primary', 'secondary', 'danger'].includes(node['style']) ? node['style'] : 'secondary';
  const url = node['disabled'] === true ? undefined : actionUrl(node['onPress'], state);
  if (url !== undefined) return element('a', { className: ['button', 'contentkit-button'], dataStyle: style, href: url }, label);
  return element('button', { type: 'button', disabled: true, className: ['button', 'contentkit-button'], dataStyle: style, title: typeof node['tooltip'] === 'string' ? node['tooltip'] : undefined }, label);
}

function stringField(value: unknown, tag: string): ElementContent[] {
  return typeof value === 'string' && value !== '' ? [element(tag, {}, [text(value)])] : [];
}

function aligned(value: unknown): string | undefined {
  return typeof value === 'string' && aligns.has(value) ? value : undefined;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
