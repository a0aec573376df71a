import type { Schema } from 'hast-util-sanitize';

// What a rendered page body may contain (the sanitizer runs on every page, after raw HTML is parsed and links are
// resolved). Close to GitHub's rules (hast-util-sanitize's default), plus what GitBook's blocks need to display:
// classes and `data-*` attributes for styling, `role`/`aria-*` for tabs, `hidden` panels, `<figure>`, `<mark>`,
// `<details open>`, `<button type="button">` for tab bars (`disabled` for the inert buttons of integration
// blocks) and `download` on file links. Never: `<script>`, `<style>`, frames, forms, event handler attributes
// (`on*` are not in any list), `style` attributes, and URLs with a scheme other than http(s), mailto and tel (plus
// raster `data:` images, already checked by the link pass).

const global = [
  'abbr', 'align', 'alt', 'ariaDescribedBy', 'ariaHidden', 'ariaLabel', 'ariaLabelledBy', 'ariaSelected', 'axis', 'border',
  'cellPadding', 'cellSpacing', 'className', 'colSpan', 'color', 'data*', 'dateTime', 'dir', 'headers', 'height', 'hidden',
  'id', 'lang', 'role', 'rowSpan', 'scope', 'span', 'summary', 'title', 'vAlign', 'width',
];

/** The sanitizer schema of page bodies. */
export const bodySchema: Schema = {
  strip: ['script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'textarea', 'select', 'title', 'xmp', 'plaintext', 'noembed', 'noframes', 'svg', 'math'],
  clobberPrefix: 'user-content-',
  clobber: ['name', 'ariaDescribedBy', 'ariaLabelledBy'],
  ancestors: { tbody: ['table'], td: ['table'], th: ['table'], thead: ['table'], tfoot: ['table'], tr: ['table'], caption: ['table'], col: ['table'], colgroup: ['table'] },
  protocols: {
    href: ['http', 'https', 'mailto', 'tel'],
    src: ['http', 'https', 'data'],
    cite: ['http', 'https'],
    longDesc: ['http', 'https'],
  },
  tagNames: [
    'a', 'abbr', 'b', 'blockquote', 'br', 'button', 'caption', 'cite', 'code', 'col', 'colgroup', 'dd', 'del', 'details', 'dfn',
    'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'input', 'ins',
    'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'section', 'small', 'span', 'strike',
    'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'tt', 'u', 'ul', 'var',
  ],
  attributes: {
    '*': global,
    a: ['href', 'download'],
    blockquote: ['cite'],
    button: [['type', 'button'], ['disabled', true]],
    del: ['cite'],
    details: ['open'],
    img: ['src', 'longDesc'],
    input: [
      ['disabled', true],
      ['type', 'checkbox'],
      'checked',
    ],
    ins: ['cite'],
    ol: ['start', 'reversed'],
    q: ['cite'],
    td: ['align'],
    th: ['align'],
  },
  required: { input: { disabled: true, type: 'checkbox' }, button: { type: 'button' } },
};
