/**
 * The name of a Liquid tag written as `{% name args %}`: what follows `{%` up to whitespace or `%}`.
 * Whitespace-control tags (`{%-`) and nameless tags have no name here; they are kept verbatim.
 */
export function readTagName(tag: string): string {
  return /^\{%[ \t]*([^\s"'%{}=-][^\s"'%{}=]*)/.exec(tag)?.[1] ?? '';
}
