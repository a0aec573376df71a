/**
 * `text` as HTML text and attribute content: `&`, `<`, `>` and `"` as character references, so that what a page
 * showed as text stays text inside the raw HTML Quire's dialect uses for figures, summaries and heading anchors.
 *
 * @example
 * ```ts
 * escapeHtml('a < b & "c"'); // 'a &lt; b &amp; &quot;c&quot;'
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
