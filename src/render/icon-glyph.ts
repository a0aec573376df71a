// What a page shows before its title (in its header, the sidebar): an emoji, drawn as the character, or a Font
// Awesome icon, drawn as SVG by name (src/render/icons). The symbols of earlier versions (a Unicode look-alike per
// icon, a dot for the others) are gone: every icon is its real drawing or, when Free lacks it, a neutral ring.
import { emojiCharacter } from './emoji.ts';

/** A page's emoji or icon, as the page model holds them (`emoji`: a code point or a character; `icon`: a name). */
export interface PageGlyphFields {
  emoji?: string;
  icon?: string;
}

const iconName = /^(?:fa-)?[a-z0-9]+(?:-[a-z0-9]+)*$/i;

/**
 * What to draw before a page's title: `emoji` (the character) wins; else `icon`, a Font Awesome name without its
 * `fa-` prefix. An `icon` that is not a name but a short text such as an emoji is kept as the emoji.
 *
 * @example
 * pageGlyph({ icon: 'fa-house' }) // → { icon: 'house' }
 * pageGlyph({ icon: '🚀' }) // → { emoji: '🚀' }
 */
export function pageGlyph(fields: PageGlyphFields): PageGlyphFields {
  const emoji = emojiCharacter(fields.emoji);
  if (emoji) return { emoji };
  const icon = fields.icon?.trim() ?? '';
  if (icon === '' || icon.length > 50) return {};
  if (iconName.test(icon)) return { icon: icon.replace(/^fa-/i, '').toLowerCase() };
  return /^[\x21-\x7e]+$/.test(icon) ? {} : { emoji: icon };
}
