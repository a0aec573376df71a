/**
 * Where the frontmatter `cover:` names its images, found without a YAML parse (reading a directory scans every
 * page's references; FORMAT.md, "Source text is kept"). Both forms the hosted exporter writes:
 * `cover: <target>` and the map `cover:` / `  light: <target>` / `  dark: <target>`. Quoted targets are found
 * inside their quotes.
 */

export interface CoverTarget {
  /** `cover`, `cover.light` or `cover.dark`. */
  key: 'cover' | 'cover.light' | 'cover.dark';
  target: string;
  /** Offsets of the target in the YAML text. */
  start: number;
  end: number;
}

const singleCover = /^cover:[ \t]*(["']?)([^"'\s#{[][^"'\n]*?)\1[ \t]*$/dm;
const mapCover = /^cover:[ \t]*\r?\n((?:[ \t]+[^\n]*(?:\n|$))+)/dm;
const mapEntry = /^[ \t]+(light|dark):[ \t]*(["']?)([^"'\s#{[][^"'\n]*?)\2[ \t]*\r?$/dgm;

/**
 * The cover targets of frontmatter YAML, in the order written.
 *
 * @example
 * coverTargets('cover:\n  light: a.png\n  dark: b.png\n').map((found) => found.target) // → ['a.png', 'b.png']
 */
export function coverTargets(yaml: string): CoverTarget[] {
  const single = singleCover.exec(yaml);
  const span = single?.indices?.[2];
  if (single && span) return [{ key: 'cover', target: single[2]!, start: span[0], end: span[1] }];
  const map = mapCover.exec(yaml);
  const block = map?.indices?.[1];
  if (!map || !block) return [];
  const found: CoverTarget[] = [];
  for (const entry of map[1]!.matchAll(mapEntry)) {
    const targetSpan = entry.indices?.[3];
    if (!targetSpan) continue;
    found.push({ key: entry[1] === 'light' ? 'cover.light' : 'cover.dark', target: entry[3]!, start: block[0] + targetSpan[0], end: block[0] + targetSpan[1] });
  }
  return found;
}
