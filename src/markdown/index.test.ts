import { describe, expect, it } from 'vitest';
import * as markdown from './index.ts';

describe('src/markdown public API', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(markdown).sort()).toEqual(['gitbookNodeTypes', 'parseMarkdown', 'readCards', 'readFigure', 'readGitbookTag', 'stringifyMarkdown']);
  });

  it('lists every GitBook node type once', () => {
    expect(new Set(markdown.gitbookNodeTypes).size).toBe(markdown.gitbookNodeTypes.length);
    expect(markdown.gitbookNodeTypes).toContain('hint');
    expect(markdown.gitbookNodeTypes).toContain('inlineMath');
  });

  it('readGitbookTag reads one tag as parseMarkdown reads it, and refuses what it would keep verbatim', () => {
    expect(markdown.readGitbookTag('{% hint style="warning" %}', [])).toEqual({ type: 'hint', style: 'warning', children: [] });
    expect(markdown.readGitbookTag('{% include "../x.md" %}')).toEqual({ type: 'include', path: '../x.md' });
    const code = { type: 'code' as const, lang: 'js', meta: null, value: 'x' };
    expect(markdown.readGitbookTag('{% code title="a.js" lineNumbers="true" %}', [code])).toMatchObject({ type: 'codeOptions', title: 'a.js', lineNumbers: true, children: [code] });
    // Options around something else than one code block, unknown tags, an include without its path: not blocks.
    expect(markdown.readGitbookTag('{% code title="a.js" %}', [])).toBeUndefined();
    expect(markdown.readGitbookTag('{% nothing-known %}')).toBeUndefined();
    expect(markdown.readGitbookTag('{% include %}')).toBeUndefined();
  });

  it('readFigure reads a figure exactly as GitBook writes it, and nothing else', () => {
    expect(markdown.readFigure({ type: 'html', value: '<figure><img src="a.png" alt="A"><figcaption><p>C</p></figcaption></figure>' })).toMatchObject({ type: 'figure', url: 'a.png', alt: 'A', caption: '<p>C</p>' });
    expect(markdown.readFigure({ type: 'html', value: '<figure>\n<img src="a.png" alt="A">\n</figure>' })).toBeUndefined();
    expect(markdown.readFigure({ type: 'html', value: '<div><img src="a.png"></div>' })).toBeUndefined();
  });
});
