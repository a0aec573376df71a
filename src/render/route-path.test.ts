import { describe, expect, it } from 'vitest';
import { encodePath, folderOf, pageHref, rootPrefix, safeSegments } from './route-path.ts';

describe('route paths', () => {
  it('drops segments that climb or name nothing, and characters file systems refuse', () => {
    expect(safeSegments('../../etc/passwd')).toEqual(['etc', 'passwd']);
    expect(safeSegments('a/./b//c/..')).toEqual(['a', 'b', 'c']);
    expect(safeSegments('..\\..\\windows')).toEqual(['..-..-windows']);
    expect(safeSegments('/absolute/path')).toEqual(['absolute', 'path']);
    expect(safeSegments('nul\u0000byte:colon*star?')).toEqual(['nul-byte-colon-star-']);
    expect(safeSegments('...')).toEqual([]);
  });

  it('makes folders, hrefs that name index.html, and the way back to the root', () => {
    expect(folderOf([])).toBe('');
    expect(folderOf(['guides', 'writing'])).toBe('guides/writing/');
    expect(pageHref('')).toBe('index.html');
    expect(pageHref('reference/καλημερα/')).toBe('reference/%CE%BA%CE%B1%CE%BB%CE%B7%CE%BC%CE%B5%CF%81%CE%B1/index.html');
    expect(encodePath('a b/c#d')).toBe('a%20b/c%23d');
    expect(rootPrefix('')).toBe('');
    expect(rootPrefix('guides/writing/')).toBe('../../');
  });
});
