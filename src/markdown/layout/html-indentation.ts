// An HTML block may be indented by up to three spaces; micromark keeps that indentation in the
// node's value. It means nothing to HTML, and it is not kept: written back after a list, an
// indented block (`  <div>`) would become part of the list's last item.
import type { Html } from 'mdast';

/** The block without the spaces or tabs before its first tag. */
export function withoutIndentation(node: Html): Html {
  const value = node.value.replace(/^[ \t]+/, '');
  return value === node.value ? node : { ...node, value };
}
