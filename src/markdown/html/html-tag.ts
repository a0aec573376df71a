import type { Attribute } from '../attributes/attribute.ts';

/** One HTML tag as written: `<name attributes>`, `<name attributes />` or `</name>`. */
export type HtmlTag =
  | { kind: 'open'; name: string; attributes: Attribute[]; selfClosing: boolean }
  | { kind: 'close'; name: string };
