const textEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for HTML content and double-quoted attribute values.
 *
 * @example
 * escapeHtml('<a href="x">') // → '&lt;a href=&quot;x&quot;&gt;'
 */
export function escapeHtml(value: string): string {
  return /[&<>"']/.test(value) ? value.replace(/[&<>"']/g, (character) => textEscapes[character]!) : value;
}
