import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { fakeIconLibrary, fakePath } from './fake-icon-library.fixture.ts';
import { createIconRenderer } from './icon-renderer.ts';
import { iconFamilies } from './icon-style.ts';
import { fallbackIconSvg } from './icon-svg.ts';

describe('icon style', () => {
  it('looks in regular first for line styles, in solid otherwise; an asked family comes first; brands always last', () => {
    expect(iconFamilies('regular')).toEqual(['regular', 'solid', 'brands']);
    expect(iconFamilies('thin')).toEqual(['regular', 'solid', 'brands']);
    expect(iconFamilies('solid')).toEqual(['solid', 'regular', 'brands']);
    expect(iconFamilies('duotone')).toEqual(['solid', 'regular', 'brands']);
    expect(iconFamilies(undefined)).toEqual(['solid', 'regular', 'brands']);
    expect(iconFamilies('regular', 'brands')).toEqual(['brands', 'regular', 'solid']);
  });
});

describe('createIconRenderer', () => {
  it('draws regular when the style asks for it and the icon has it, else solid; brands from brands', () => {
    const regular = createIconRenderer(fakeIconLibrary(), 'regular');
    expect(regular.drawing('bell').svg.path).toBe(fakePath('regular', 'bell'));
    expect(regular.drawing('fa-rocket').svg.path).toBe(fakePath('solid', 'rocket'));
    expect(regular.drawing('fa-github').svg.path).toBe(fakePath('brands', 'github'));
    const solid = createIconRenderer(fakeIconLibrary(), 'solid');
    expect(solid.drawing('bell').svg.path).toBe(fakePath('solid', 'bell'));
    expect(solid.drawing('fa-regular fa-bell').svg.path).toBe(fakePath('regular', 'bell'));
    expect(regular.missing).toEqual([]);
    expect(solid.missing).toEqual([]);
  });

  it('follows aliases the library knows, and draws Pro-only icons seen in real content with a Free stand-in', () => {
    const icons = createIconRenderer(fakeIconLibrary(), 'solid');
    expect(icons.drawing('home')).toMatchObject({ name: 'home', missing: false, svg: { path: fakePath('solid', 'house') } });
    expect(icons.drawing('hand-wave').svg.path).toBe(fakePath('solid', 'hand'));
    expect(icons.drawing('circles-overlap').svg.path).toBe(fakePath('solid', 'object-ungroup'));
    expect(icons.missing).toEqual([]);
  });

  it('draws unknown names with the neutral fallback and lists them once each, as written', () => {
    const icons = createIconRenderer(fakeIconLibrary(), 'solid');
    expect(icons.drawing('fa-unicorn-pro')).toEqual({ name: 'unicorn-pro', missing: true, svg: fallbackIconSvg });
    icons.drawing('fa-unicorn-pro');
    icons.drawing('<b>');
    expect(icons.missing).toEqual(['fa-unicorn-pro', '<b>']);
  });

  it('asks the library once per written name', () => {
    const library = fakeIconLibrary();
    const icons = createIconRenderer(library, 'solid');
    icons.html('rocket');
    icons.html('rocket');
    icons.element('rocket');
    expect(library.asked).toEqual(['solid/rocket']);
  });

  it('builds the same decorative <svg> as an element and as HTML, coloured when asked', () => {
    const icons = createIconRenderer(fakeIconLibrary(), 'solid');
    const expected = `<svg class="quire-icon" data-icon="rocket" viewBox="0 0 512 512" aria-hidden="true" focusable="false"><path fill="currentColor" d="${fakePath('solid', 'rocket')}"></path></svg>`;
    expect(toHtml(icons.element('fa-rocket'))).toBe(expected);
    expect(icons.html('fa-rocket')).toBe(expected.replace('></path>', '/>'));
    expect(toHtml(icons.element('fa-rocket', 'var(--primary)'))).toContain('style="color:var(--primary)"');
    expect(toHtml(icons.element('nope'))).toContain('class="quire-icon quire-icon-missing"');
  });
});
