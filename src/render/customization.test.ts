import { describe, expect, it } from 'vitest';
import { resolveCustomization } from './customization.ts';

describe('resolveCustomization', () => {
  it('fills in the hosted service defaults', () => {
    const customization = resolveCustomization({});
    expect(customization.colors.primary).toEqual({ light: '#346DDB', dark: '#346DDB' });
    expect(customization.corners).toBe('rounded');
    expect(customization.depth).toBe('subtle');
    expect(customization.links).toBe('default');
    expect(customization.themes).toEqual({ default: 'system', toggeable: true });
    expect(customization.externalLinksTarget).toBe('self');
    expect(customization.pagination).toBe(true);
    expect(customization.announcement).toBeUndefined();
  });

  it("overrides the site's customization with the site space's, field by field", () => {
    const customization = resolveCustomization(
      { title: 'Site', styling: { primaryColor: { light: '#111111', dark: '#222222' }, corners: 'straight' }, themes: { default: 'dark', toggeable: false } },
      { styling: { corners: 'circular' }, externalLinks: { target: 'blank' } },
    );
    expect(customization.title).toBe('Site');
    expect(customization.colors.primary).toEqual({ light: '#111111', dark: '#222222' });
    expect(customization.corners).toBe('circular');
    expect(customization.themes).toEqual({ default: 'dark', toggeable: false });
    expect(customization.externalLinksTarget).toBe('blank');
  });

  it('lets nothing but #hex colours and known values through', () => {
    const customization = resolveCustomization({
      styling: {
        primaryColor: { light: 'red;}</style><script>alert(1)</script>', dark: 'url(javascript:alert(1))' },
        infoColor: { light: '#abc', dark: 'nope' },
        corners: 'javascript:' as string,
        depth: 'deep',
      },
      themes: { default: 'neon' },
    });
    expect(customization.colors.primary).toEqual({ light: '#346DDB', dark: '#346DDB' });
    expect(customization.colors.info).toEqual({ light: '#abc', dark: '#abc' });
    expect(customization.corners).toBe('rounded');
    expect(customization.depth).toBe('subtle');
    expect(customization.themes.default).toBe('system');
  });

  it('shows an announcement only when enabled and not empty', () => {
    expect(resolveCustomization({ announcement: { enabled: false, message: 'Hi there' } }).announcement).toBeUndefined();
    expect(resolveCustomization({ announcement: { enabled: true, message: '  ' } }).announcement).toBeUndefined();
    expect(resolveCustomization({ announcement: { enabled: true, message: 'Hi there', style: 'bogus' } }).announcement).toEqual({ message: 'Hi there', link: undefined, style: 'info' });
  });
});
