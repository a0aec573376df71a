import { describe, expect, it } from 'vitest';
import * as markdown from './index.ts';

describe('src/markdown public API', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(markdown).sort()).toEqual(['gitbookNodeTypes', 'parseMarkdown', 'stringifyMarkdown']);
  });

  it('lists every GitBook node type once', () => {
    expect(new Set(markdown.gitbookNodeTypes).size).toBe(markdown.gitbookNodeTypes.length);
    expect(markdown.gitbookNodeTypes).toContain('hint');
    expect(markdown.gitbookNodeTypes).toContain('inlineMath');
  });
});
