import { describe, expect, it } from 'vitest';
import { parseRobots } from './robots.ts';

describe('parseRobots', () => {
  it('uses the longest matching rule, Allow winning a tie', () => {
    const rules = parseRobots('User-agent: *\nDisallow: /private/\nAllow: /private/open\nDisallow: /*.pdf$\n', 'Quire-Import');
    expect(rules.isAllowed('/guide/')).toBe(true);
    expect(rules.isAllowed('/private/x.html')).toBe(false);
    expect(rules.isAllowed('/private/open.html')).toBe(true);
    expect(rules.isAllowed('/files/a.pdf')).toBe(false);
    expect(rules.isAllowed('/files/a.pdf?x=1')).toBe(true);
    expect(parseRobots('User-agent: *\nAllow: /p\nDisallow: /p\n', 'Quire-Import').isAllowed('/p')).toBe(true);
  });

  it('prefers the group naming the agent over *, and groups several user-agent lines', () => {
    const text = ['User-agent: *', 'Disallow: /', '', 'User-agent: other', 'User-agent: quire-import', 'Disallow: /drafts/', '# comment', 'Sitemap: /sitemap.xml'].join('\n');
    const rules = parseRobots(text, 'Quire-Import');
    expect(rules.isAllowed('/guide')).toBe(true);
    expect(rules.isAllowed('/drafts/a')).toBe(false);
    expect(parseRobots(text, 'Somebot').isAllowed('/guide')).toBe(false);
  });

  it('allows everything with no group, an empty Disallow, or percent-encoding differences', () => {
    expect(parseRobots('', 'Quire-Import').isAllowed('/x')).toBe(true);
    expect(parseRobots('User-agent: *\nDisallow:\n', 'Quire-Import').isAllowed('/x')).toBe(true);
    expect(parseRobots('User-agent: *\nDisallow: /a~b\n', 'Quire-Import').isAllowed('/a%7eb')).toBe(false);
    expect(parseRobots('User-agent: *\r\nDisallow: /a # trailing comment\r\n', 'Quire-Import').isAllowed('/a/b')).toBe(false);
  });
});
