/**
 * One attribute of a Liquid tag or an HTML tag, as written: `name="value"`, `name='value'`,
 * `name=value` or a bare `name`. `value` is the text between the quotes, still escaped as the
 * syntax escapes it (backslashes in Liquid, character references in HTML).
 */
export interface Attribute {
  name: string;
  /** `null` for a bare attribute without `=`. */
  value: string | null;
  /** The quote around the value; `''` for an unquoted value or a bare attribute. */
  quote: '"' | "'" | '';
}
