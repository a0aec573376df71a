// One inline `html` node of mdast: a single tag, a comment, or other raw markup. Tags that format text become
// marks until their end tag, `<a href>` a link, `<img>` an inline image, `<br>` a line break; other tags are
// markup around text that is kept, and markup that is not a tag is kept as text.
import type { DocumentTextMark } from '@gitbook/api';
import { attributeValue } from '../../markdown/html/attribute-value.ts';
import { readHtmlTag } from '../../markdown/html/read-html-tag.ts';
import type { ConversionState } from './conversion-state.ts';
import type { InlineWriter } from './inline-writer.ts';
import { colorMark, simpleMark, type SimpleMarkType } from './text-marks.ts';

/** HTML elements that format text, and their mark. */
export const markOfElement: Readonly<Record<string, SimpleMarkType>> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  cite: 'italic',
  s: 'strikethrough',
  del: 'strikethrough',
  strike: 'strikethrough',
  code: 'code',
  tt: 'code',
  samp: 'code',
  var: 'italic',
  kbd: 'keyboard',
  sup: 'superscript',
  sub: 'subscript',
};

/**
 * Writes one inline HTML node.
 *
 * @example
 * writeHtmlInline(writer, '<sup>', [], state) // text written next is superscript, until `</sup>`
 */
export function writeHtmlInline(writer: InlineWriter, html: string, marks: readonly DocumentTextMark[], state: ConversionState): void {
  if (/^<!--[\s\S]*-->$/.test(html)) return; // a comment is not content: it is not shown
  const read = readHtmlTag(html);
  if (!read || read.length !== html.length) {
    writer.text(html, marks);
    return;
  }
  const { tag } = read;
  const name = tag.name.toLowerCase();
  if (tag.kind === 'close') {
    if (name === 'a') writer.closeLink('tag');
    else if (name === 'mark') writer.closeMark('color');
    else if (markOfElement[name]) writer.closeMark(markOfElement[name]);
    return;
  }
  const attribute = (key: string) => attributeValue(tag.attributes, key) ?? undefined;
  switch (name) {
    case 'br':
      writer.text('\n', marks);
      return;
    case 'a': {
      const href = attribute('href');
      if (href !== undefined && !tag.selfClosing) writer.openLink(state.refs.link(href), 'tag');
      return;
    }
    case 'img': {
      const src = attribute('src');
      const alt = attribute('alt');
      if (src === undefined) writer.text(alt ?? '', marks);
      else writer.inline({ object: 'inline', type: 'inline-image', data: { ref: state.refs.file(src), ...(alt === undefined ? {} : { alt }) }, isVoid: true }, alt ?? '', marks);
      return;
    }
    case 'mark': {
      const colors = styleColors(attribute('style'));
      writer.openMark('color', colorMark(colors.color, colors.background));
      return;
    }
  }
  const mark = markOfElement[name];
  if (mark && !tag.selfClosing) writer.openMark(mark, simpleMark(mark));
}

/**
 * The text and background colours of a `style` attribute.
 *
 * @example
 * styleColors('color:orange;background-color:purple;') // → { color: 'orange', background: 'purple' }
 */
export function styleColors(style: string | undefined): { color?: string; background?: string } {
  const colors: { color?: string; background?: string } = {};
  for (const declaration of (style ?? '').split(';')) {
    const [property, ...value] = declaration.split(':');
    const name = property?.trim().toLowerCase();
    if (name === 'color') colors.color = value.join(':').trim();
    else if (name === 'background-color' || name === 'background') colors.background = value.join(':').trim();
  }
  return colors;
}
