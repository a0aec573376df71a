// A page body's last passes in one walk. After its tree is built, a page went through four walks of it: the link
// pass (`resolveLinks`), the finishing pass (`finishTree`), the serializer (`bodyHtml`) and the search text
// (`hastText`). Each read every element's `properties`, objects of as many shapes as there are kinds of element,
// which V8 reads slowly; they were a tenth of the export's rendering thread (bench/export, issue 17). `writeBody`
// does what the four do, element by element, in one walk, and gives exactly what they give: write-body.test.ts and
// the fast path's differential test hold it to them.
import type { ElementContent, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { BodyContext } from './body-context.ts';
import { escapeText, isVoidElement, openTag } from './body-html.ts';
import { finishElement, iconDrawn } from './finish-tree.ts';
import { collectText, isInlineTag, isTextChrome, textOfCollected } from './node-text.ts';
import { resolveElement, resolveLinksIn } from './resolve-links.ts';

/** A finished page body: its HTML and its search text. */
export interface WrittenBody {
  html: string;
  text: string;
}

/**
 * `{ html: bodyHtml(tree), text: hastText(tree) }` of the tree `finishTree` makes of `tree` (finished in place, as
 * `finishTree` finishes it), its links resolved first (`resolveLinks(tree, context, prefix)`) when `prefix` is given.
 *
 * @example
 * writeBody(fast.tree, context, '../') // → { html: '<p>See <a href="../guides/writing/index.html">…', text: 'See writing.' }
 */
export function writeBody(tree: Root, context: BodyContext, prefix: string | undefined): WrittenBody {
  const writer = new BodyWriter(context, prefix);
  writer.write(tree.children, context.source, true);
  // Something only `toHtml` writes (an icon's SVG, a raw node): the tree is finished all the same, and written by it.
  return { html: writer.plain ? writer.html : toHtml(tree), text: textOfCollected(writer.text) };
}

class BodyWriter {
  html = '';
  /** The search text so far, as `hastText` collects it (`collectText`). */
  text = '';
  /** Whether `bodyHtml` writes the tree itself: until something only `toHtml` writes is met, `html` is the HTML so far. */
  plain = true;

  constructor(
    private readonly context: BodyContext,
    private readonly prefix: string | undefined,
  ) {}

  /** Writes `nodes`, written in the file `base`; their text is collected unless they are inside a heading anchor. */
  write(nodes: RootContent[] | ElementContent[], base: string, collect: boolean): void {
    for (let index = 0; index < nodes.length; index++) {
      const node = nodes[index]!;
      if (node.type === 'text') {
        if (this.plain) this.html += escapeText(node.value);
        if (collect) this.text += node.value;
        continue;
      }
      // A comment or raw HTML: only `toHtml` writes it, and it has no text.
      if (node.type !== 'element') {
        this.plain = false;
        continue;
      }
      const inner = this.prefix === undefined ? base : resolveElement(node, base, this.context, this.prefix);
      const icon = iconDrawn(node, this.context.icons);
      if (icon !== undefined) {
        // The link pass walks what the icon replaces, as it runs before the finishing pass replaces it.
        if (this.prefix !== undefined) resolveLinksIn(node.children, inner, this.context, this.prefix);
        nodes[index] = icon;
        this.plain = false;
        if (collect) this.text = collectText(icon, this.text);
        continue;
      }
      finishElement(node, this.context.externalTarget);
      const { tagName } = node;
      const open = this.plain ? openTag(node) : undefined;
      if (open === undefined || (isVoidElement(tagName) && node.children.length > 0)) this.plain = false;
      else this.html += open;
      const inside = collect && !isTextChrome(node);
      this.write(node.children, inner, inside);
      if (this.plain && !isVoidElement(tagName)) this.html += `</${tagName}>`;
      if (inside && !isInlineTag(tagName)) this.text += ' ';
    }
  }
}
