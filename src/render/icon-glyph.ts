// Icons: GitBook names Font Awesome icons; the export ships no icon font, so the common ones are drawn with a
// Unicode symbol that common system fonts have (no emoji font needed), and the others with a neutral dot.

const glyphs: Record<string, string> = {
  rocket: '➶', book: '❑', 'book-open': '❑', house: '⌂', home: '⌂', gear: '⚙', gears: '⚙', cog: '⚙', wrench: '⚒',
  'screwdriver-wrench': '⚒', code: '⟨⟩', terminal: '›_', github: '⌥', gitlab: '⌥', star: '★', heart: '♥', bolt: '⚡',
  lightbulb: '☀', 'circle-info': 'ℹ', info: 'ℹ', 'circle-question': '?', question: '?', 'triangle-exclamation': '⚠',
  warning: '⚠', 'circle-check': '✓', check: '✓', xmark: '✕', lock: '⚿', key: '⚷', user: '☺', users: '☻',
  envelope: '✉', link: '⛓', 'arrow-right': '→', 'arrow-left': '←', download: '⤓', upload: '⤒', file: '▤',
  'file-lines': '▤', folder: '▭', calendar: '▦', clock: '◷', globe: '◍', cloud: '☁', database: '⛁', server: '▥',
  shield: '⛨', 'shield-check': '⛨', 'magnifying-glass': '⌕', search: '⌕', tag: '⌗', flag: '⚑', bell: '⍾',
  comment: '✎', comments: '✎', pen: '✎', pencil: '✎', trash: '⌫', puzzle: '✣', 'puzzle-piece': '✣',
  'graduation-cap': '⚐', chart: '▨', 'chart-line': '▨', sparkles: '✦', 'wand-magic-sparkles': '✦', play: '▶',
  video: '▶', image: '▧', map: '⌖', compass: '⌖', box: '▣', cube: '▣', list: '☰', plug: '⏻', discord: '✎',
  slack: '#', x: '✕', twitter: '✕', linkedin: 'in', youtube: '▶',
};

/**
 * The glyph drawn for an icon name (with or without the `fa-` prefix).
 *
 * @example
 * iconGlyph('fa-rocket') // → '➶'
 */
export function iconGlyph(name: string): string {
  return glyphs[name.replace(/^fa-/, '').replace(/^(?:fa[srlbd]?\s+)?/, '')] ?? '•';
}
