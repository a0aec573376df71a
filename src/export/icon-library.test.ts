import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fontAwesomeFolder, fontAwesomeLibrary, parseIconFile } from './icon-library.ts';

describe('fontAwesomeLibrary on the installed Font Awesome Free', () => {
  const icons = fontAwesomeLibrary();

  it('reads solid, regular and brands drawings', () => {
    const rocket = icons.svg('solid', 'rocket');
    expect(rocket?.viewBox).toBe('0 0 512 512');
    expect(rocket?.path).toMatch(/^M[0-9.\s,LlMmCcAaZzHhVvSsQqTt-]+$/);
    const bell = icons.svg('regular', 'bell');
    expect(bell?.viewBox).toBe('0 0 448 512');
    expect(bell?.path).not.toBe(icons.svg('solid', 'bell')?.path);
    expect(icons.svg('brands', 'github')?.path).toMatch(/^M/);
  });

  it('answers nothing for an icon a family lacks, a Pro-only name or an unsafe name', () => {
    expect(icons.svg('regular', 'rocket')).toBeUndefined();
    expect(icons.svg('brands', 'rocket')).toBeUndefined();
    for (const pro of ['circles-overlap', 'hand-wave', 'webhook', 'gitbook']) expect(icons.svg('solid', pro)).toBeUndefined();
    expect(icons.svg('solid', '../../package')).toBeUndefined();
    expect(icons.svg('solid', 'ROCKET')).toBeUndefined();
  });

  it('finds old names through the aliases of metadata/icons.yml', () => {
    expect(icons.svg('solid', 'home')).toEqual(icons.svg('solid', 'house'));
    expect(icons.svg('solid', 'cog')).toEqual(icons.svg('solid', 'gear'));
    expect(icons.svg('solid', 'info-circle')).toEqual(icons.svg('solid', 'circle-info'));
  });

  it('is the installed package', () => {
    expect(fontAwesomeFolder()).toMatch(/@fortawesome[/\\]fontawesome-free$/);
  });
});

describe('fontAwesomeLibrary reads on demand', () => {
  const folder = mkdtempSync(join(tmpdir(), 'quire-icons-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  mkdirSync(join(folder, 'svgs', 'solid'), { recursive: true });
  mkdirSync(join(folder, 'metadata'));
  writeFileSync(join(folder, 'svgs', 'solid', 'house.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 576 512"><!-- x --><path fill="currentColor" d="M1 2z"/></svg>');
  const yaml = "'0':\n  label: '0'\nhouse:\n  aliases:\n    names:\n      - home\n      - home-alt\n    unicodes:\n      composite:\n        - f80a\n  changes:\n    - 1.0.0\n";

  it('reads each file once, misses too, and the alias table only when a name misses', () => {
    const icons = fontAwesomeLibrary(folder);
    expect(icons.svg('solid', 'house')).toEqual({ viewBox: '0 0 576 512', path: 'M1 2z' });
    // No alias table yet: a hit never needs it.
    writeFileSync(join(folder, 'svgs', 'solid', 'house.svg'), '<svg viewBox="0 0 1 1"><path d="M9z"/></svg>');
    expect(icons.svg('solid', 'house')?.path).toBe('M1 2z');
    writeFileSync(join(folder, 'metadata', 'icons.yml'), yaml);
    expect(icons.svg('solid', 'home-alt')?.path).toBe('M1 2z');
    expect(icons.svg('solid', 'f80a')).toBeUndefined();
    expect(icons.svg('regular', 'home')).toBeUndefined();
  });

  it('has no aliases when the table is missing', () => {
    const bare = mkdtempSync(join(tmpdir(), 'quire-icons-bare-'));
    try {
      mkdirSync(join(bare, 'svgs', 'solid'), { recursive: true });
      expect(fontAwesomeLibrary(bare).svg('solid', 'home')).toBeUndefined();
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('parseIconFile', () => {
  it('takes the view box and the path, or nothing from a file of another shape', () => {
    expect(parseIconFile('<svg viewBox="0 0 448 512"><path d="M0 0h1z"/></svg>')).toEqual({ viewBox: '0 0 448 512', path: 'M0 0h1z' });
    expect(parseIconFile('<svg viewBox="0 0 448 512"></svg>')).toBeUndefined();
    expect(parseIconFile('not svg')).toBeUndefined();
  });
});
