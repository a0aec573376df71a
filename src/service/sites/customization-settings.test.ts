import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../errors/index.ts';
import { checkCustomization, defaultCustomization, mergeSettings } from './customization-settings.ts';

/** The field named by the refusal of `input` (merged over the defaults, as a full replacement), or undefined. */
function refusedField(input: Record<string, unknown>, partial = false): string | undefined {
  try {
    checkCustomization(partial ? input : mergeSettings(defaultCustomization(), input), { partial });
    return undefined;
  } catch (error) {
    if (!isQuireError(error, 'INVALID_ARGUMENT')) throw error;
    return String(error.data.field);
  }
}

const url = (value: string) => ({ kind: 'url', url: value });

describe('checkCustomization', () => {
  it('accepts the defaults, and every kind of link the published ContentRef has', () => {
    expect(refusedField({})).toBeUndefined();
    expect(
      refusedField({
        header: {
          preset: 'default',
          logo: { light: 'https://example.com/light.png', dark: 'https://example.com/dark.png' },
          primaryLink: { kind: 'page', page: 'home' },
          links: [
            { title: 'Menu', to: null, links: [{ title: 'Mail', to: url('mailto:docs@example.com') }, { title: 'Call', to: url('tel:+3312345678') }] },
            { title: 'Buy', style: 'button-primary', to: url('https://shop.example.com'), links: [] },
            { title: 'Guide', style: 'button-secondary', to: { kind: 'anchor', page: 'p1', anchor: 'install', space: 's1' }, links: [] },
          ],
        },
        footer: { groups: [{ title: 'More', links: [{ title: 'File', to: { kind: 'file', file: 'f1' } }, { title: 'Space', to: { kind: 'space', space: 's2' } }] }], copyright: '© Us' },
        announcement: { enabled: true, message: 'Hello', style: 'info', link: { title: 'Read', to: url('https://example.com/news') } },
      }),
    ).toBeUndefined();
  });

  it('refuses colours that are not #rgb or #rrggbb, and unknown enum values, naming the field', () => {
    expect(refusedField({ styling: { primaryColor: { light: 'red', dark: '#000' } } }, true)).toBe('styling.primaryColor.light');
    expect(refusedField({ styling: { tint: { color: { light: '#fff', dark: 'url(x)' } } } }, true)).toBe('styling.tint.color.dark');
    expect(refusedField({ styling: { corners: 'sharp' } }, true)).toBe('styling.corners');
    expect(refusedField({ themes: { default: 'neon' } }, true)).toBe('themes.default');
    expect(refusedField({ externalLinks: { target: '_top' } }, true)).toBe('externalLinks.target');
    expect(refusedField({ announcement: { enabled: true, message: 'Hi', style: 'loud' } }, true)).toBe('announcement.style');
    expect(refusedField({ header: { preset: 'default', links: [{ title: 'X', style: 'huge', to: null, links: [] }] } }, true)).toBe('header.links[0].style');
  });

  it('keys localized texts by a published translation language, within the published length (the route fuzzer found them stored unchecked)', () => {
    expect(refusedField({ localizedTitle: { fr: 'Mes docs', 'pt-br': 'Meus docs' }, announcement: { enabled: true, message: 'Hi', style: 'info', localizedMessage: { de: 'Hallo' } } }, true)).toBeUndefined();
    expect(refusedField({ localizedTitle: { 'I-': 'x' } }, true)).toBe('localizedTitle.I-');
    expect(refusedField({ localizedTitle: JSON.parse('{"__proto__":"x"}') as object }, true)).toBe('localizedTitle.__proto__');
    expect(refusedField({ localizedTitle: { fr: 'é'.repeat(129) } }, true)).toBe('localizedTitle.fr');
    expect(refusedField({ localizedTitle: { fr: 3 } }, true)).toBe('localizedTitle.fr');
    expect(refusedField({ localizedTitle: ['fr'] }, true)).toBe('localizedTitle');
    expect(refusedField({ ai: { localizedGreeting: { ja: 'x'.repeat(129) } } }, true)).toBe('ai.localizedGreeting.ja');
    expect(refusedField({ footer: { groups: [{ title: 'More', localizedTitle: { xx: 'Plus' }, links: [] }] } }, true)).toBe('footer.groups[0].localizedTitle.xx');
    expect(refusedField({ footer: { groups: [{ title: 'More', localizedTitle: { fr: 'p'.repeat(500) }, links: [{ title: 'A', localizedTitle: { fr: 'a'.repeat(65) }, to: url('https://a.example') }] }] } }, true)).toBe('footer.groups[0].links[0].localizedTitle.fr');
  });

  it('refuses image and font URLs that are not absolute http(s)', () => {
    expect(refusedField({ header: { preset: 'default', links: [], logo: { light: 'javascript:alert(1)', dark: 'https://x.example' } } })).toBe('header.logo.light');
    expect(refusedField({ favicon: { icon: { light: 'https://x.example/i.png', dark: 'data:image/svg+xml,<svg onload=alert(1)>' } } }, true)).toBe('favicon.icon.dark');
    expect(refusedField({ privacyPolicy: { url: ' https://example.com' } }, true)).toBe('privacyPolicy.url');
    expect(refusedField({ socialPreview: { url: '/relative.png' } }, true)).toBe('socialPreview.url');
  });

  it('refuses links a reader must not follow: script URLs, relative URLs, unknown kinds', () => {
    const headerLink = (to: unknown) => ({ header: { preset: 'default', links: [{ title: 'X', to, links: [] }] } });
    expect(refusedField(headerLink(url('javascript:alert(1)')))).toBe('header.links[0].to.url');
    expect(refusedField(headerLink(url('java\tscript:alert(1)')))).toBe('header.links[0].to.url');
    expect(refusedField(headerLink(url('data:text/html,<script>alert(1)</script>')))).toBe('header.links[0].to.url');
    expect(refusedField(headerLink(url('docs/page')))).toBe('header.links[0].to.url');
    expect(refusedField(headerLink({ kind: 'script', url: 'https://x.example' }))).toBe('header.links[0].to.kind');
    expect(refusedField(headerLink({ kind: 'page' }))).toBe('header.links[0].to.page');
    expect(refusedField(headerLink('https://x.example'))).toBe('header.links[0].to');
    expect(refusedField({ header: { preset: 'default', links: [{ title: 'M', to: null, links: [{ title: 'Y', to: url('vbscript:x') }] }] } })).toBe('header.links[0].links[0].to.url');
    expect(refusedField({ header: { preset: 'default', links: [], primaryLink: url('javascript:void(0)') } })).toBe('header.primaryLink.url');
    expect(refusedField({ footer: { groups: [{ title: 'G', links: [{ title: 'Z', to: url('file:///etc/passwd') }] }] } }, true)).toBe('footer.groups[0].links[0].to.url');
    expect(refusedField({ announcement: { enabled: true, message: 'Hi', style: 'info', link: { title: 'L', to: url('javascript:alert(1)') } } }, true)).toBe('announcement.link.to.url');
  });

  it('checks font definitions: family, weights and source URLs', () => {
    const font = (overrides: Record<string, unknown>) => ({
      styling: { font: { id: 'brand', custom: true, fontFamily: 'Brand Sans', fontFaces: [{ weight: 400, sources: [{ url: 'https://cdn.example.com/brand.woff2', format: 'woff2' }] }], ...overrides } },
    });
    expect(refusedField(font({}), true)).toBeUndefined();
    expect(refusedField({ styling: { headingFont: null } })).toBeUndefined();
    expect(refusedField(font({ fontFaces: [{ weight: 400, sources: [{ url: 'javascript:alert(1)' }] }] }), true)).toBe('styling.font.fontFaces[0].sources[0].url');
    expect(refusedField(font({ fontFaces: [{ weight: 4000, sources: [{ url: 'https://cdn.example.com/a.woff' }] }] }), true)).toBe('styling.font.fontFaces[0].weight');
    expect(refusedField(font({ fontFaces: [] }), true)).toBe('styling.font.fontFaces');
    expect(refusedField(font({ fontFamily: 'x'.repeat(51) }), true)).toBe('styling.font.fontFamily');
    expect(refusedField(font({ fontFaces: [{ weight: 400, sources: [{ url: 'https://cdn.example.com/a.ttf', format: 'truetype' }] }] }), true)).toBe('styling.font.fontFaces[0].sources[0].format');
    expect(refusedField({ styling: { font: 'Comic Sans' } }, true)).toBe('styling.font');
  });

  it('lets a site space override remove a field with null', () => {
    expect(refusedField({ header: null, styling: { primaryColor: null } }, true)).toBeUndefined();
    expect(refusedField({ nonsense: true }, true)).toBe('nonsense');
  });
});

describe('mergeSettings', () => {
  it('drops the nulls of an override at any depth, also under a field the stored override did not have yet (the route fuzzer read them back as null)', () => {
    expect(mergeSettings({}, { styling: { corners: null, depth: 'flat', sidebar: { list: null } }, header: null }, true)).toEqual({ styling: { depth: 'flat', sidebar: {} } });
    expect(mergeSettings({ styling: { corners: 'straight' } }, { styling: { corners: null } }, true)).toEqual({ styling: {} });
    // Without dropNulls (a site's full settings over the defaults) a value is taken as it is.
    expect(mergeSettings({}, { styling: { corners: null } })).toEqual({ styling: { corners: null } });
  });

  it('replaces a favicon and a link whole: an emoji over an icon is an emoji, a page link over a URL link a page link (the route fuzzer read both at once)', () => {
    const icon = { light: 'https://a.example/i.png', dark: 'https://a.example/d.png' };
    expect(mergeSettings({ favicon: { icon } }, { favicon: { emoji: '🙂' } })).toEqual({ favicon: { emoji: '🙂' } });
    expect(mergeSettings({ header: { primaryLink: url('https://a.example') } }, { header: { primaryLink: { kind: 'page', page: 'p1' } } }, true)).toEqual({ header: { primaryLink: { kind: 'page', page: 'p1' } } });
    expect(mergeSettings({ styling: { primaryColor: { light: '#000', dark: '#fff' } } }, { styling: { primaryColor: { dark: '#111' } } })).toEqual({ styling: { primaryColor: { light: '#000', dark: '#111' } } });
  });

  it('refuses a favicon that is both an icon and an emoji', () => {
    expect(refusedField({ favicon: { icon: { light: 'https://a.example/i.png', dark: 'https://a.example/d.png' }, emoji: '🙂' } }, true)).toBe('favicon');
    expect(refusedField({ favicon: { emoji: '🙂' } }, true)).toBeUndefined();
  });
});
