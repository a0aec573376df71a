/** One `Allow`/`Disallow` line of the group that applies. */
interface RobotsRule {
  allow: boolean;
  pattern: string;
  matcher: RegExp;
}

/** The rules of robots.txt that apply to one user agent: `isAllowed(path)` answers for a path with its query. */
export interface RobotsRules {
  isAllowed(pathWithQuery: string): boolean;
}

/** No robots.txt (404, or not text): everything is allowed. */
export const allowEverything: RobotsRules = { isAllowed: () => true };

/**
 * Reads robots.txt (RFC 9309) for `userAgent` (its product token, `Quire-Import`): groups start with one or more
 * `User-agent` lines; the group whose token is a case-insensitive match wins, else the `*` group, else none
 * (everything allowed). Within it the longest matching `Allow`/`Disallow` pattern decides (Allow on a tie); `*`
 * matches any characters and a final `$` anchors the end. An empty `Disallow` allows everything. Other lines
 * (Sitemap, Crawl-delay, comments) are ignored.
 *
 * @example
 * parseRobots('User-agent: *\nDisallow: /private/\nAllow: /private/open$\n', 'Quire-Import').isAllowed('/private/x') // → false
 */
export function parseRobots(text: string, userAgent: string): RobotsRules {
  const token = userAgent.toLowerCase();
  const groups: { agents: string[]; rules: RobotsRule[] }[] = [];
  let current: { agents: string[]; rules: RobotsRule[] } | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!lastWasAgent || current === undefined) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (current === undefined || (key !== 'allow' && key !== 'disallow')) continue;
    if (value === '') continue;
    current.rules.push({ allow: key === 'allow', pattern: value, matcher: patternMatcher(value) });
  }
  const own = groups.filter((group) => group.agents.some((agent) => agent !== '*' && token.startsWith(agent)));
  const chosen = own.length > 0 ? own : groups.filter((group) => group.agents.includes('*'));
  const rules = chosen.flatMap((group) => group.rules);
  if (rules.length === 0) return allowEverything;
  return {
    isAllowed(pathWithQuery: string): boolean {
      const path = normalisePath(pathWithQuery);
      let best: RobotsRule | undefined;
      for (const rule of rules) {
        if (!rule.matcher.test(path)) continue;
        if (best === undefined || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
      }
      return best === undefined || best.allow;
    },
  };
}

/** A pattern as a regular expression anchored at the start: `*` any run of characters, a final `$` the end. */
function patternMatcher(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = normalisePath(anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/** Percent-encodings in one form (upper-case hex, unreserved characters decoded) so `/a%7e` and `/a~` compare equal. */
function normalisePath(path: string): string {
  return path.replace(/%([0-9a-fA-F]{2})/g, (match, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}
