import type { DocumentTextColor } from '@gitbook/api';

/** The palette of `DocumentTextColor`: named colours and the semantic `$` tokens the site theme resolves. */
const palette = new Set<string>(['default', 'green', 'blue', 'red', 'orange', 'yellow', 'purple', 'pink', 'violet', 'cyan', '$primary', '$info', '$success', '$warning', '$danger', '$tint']);

/**
 * CSS names close to a palette colour. GitBook writes palette names; hand-written pages use CSS names, and a
 * near colour keeps the author's intent better than none.
 */
const nearest: Record<string, string> = {
  magenta: 'pink',
  fuchsia: 'pink',
  hotpink: 'pink',
  indigo: 'violet',
  aqua: 'cyan',
  teal: 'cyan',
  turquoise: 'cyan',
  lime: 'green',
  darkgreen: 'green',
  navy: 'blue',
  darkblue: 'blue',
  skyblue: 'blue',
  gold: 'yellow',
  crimson: 'red',
  darkred: 'red',
  darkorange: 'orange',
  primary: '$primary',
  info: '$info',
  success: '$success',
  warning: '$warning',
  danger: '$danger',
  tint: '$tint',
};

/**
 * The palette token for a colour written in `<mark style="color:…">`: a palette name or token as is (case
 * ignored), a few CSS names to their nearest palette colour, anything else (hex, rgb(), unknown names) to
 * `default`, which keeps the text and drops a colour the model cannot hold.
 *
 * @example
 * colorToken('Orange') // → 'orange'
 * colorToken('$primary') // → '$primary'
 * colorToken('#ff0000') // → 'default'
 */
export function colorToken(color: string | undefined): DocumentTextColor {
  const name = (color ?? '').trim().toLowerCase();
  const token = palette.has(name) ? name : (nearest[name] ?? 'default');
  return token as DocumentTextColor;
}
