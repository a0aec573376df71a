import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../model/diagnostic.ts';
import { planInPlaceChanges, structurePaths } from './fast-content-changes.ts';
import type { GitPathLocations } from './git-path-locations.ts';
import { describeDiagnostics, describePlan } from './plan-report.ts';
import { repositoryDiagnostics } from './plan.ts';
import type { SyncPlan } from './sync-plan.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const warning: Diagnostic = { severity: 'warning', code: 'FORMAT_MISSING_FILE', path: 'page.md', line: 2, message: 'cover `a.png` is not a file of the directory' };
const error: Diagnostic = { severity: 'error', code: 'FORMAT_INVALID_YAML', path: 'broken.md', line: 3, message: 'invalid YAML' };

describe('the format\'s diagnostics in a sync run', () => {
  it('are listed once each, with paths from the repository root', () => {
    expect(repositoryDiagnostics([warning, error, { ...warning }], 'docs/')).toEqual([
      { ...warning, path: 'docs/page.md' },
      { ...error, path: 'docs/broken.md' },
    ]);
    expect(repositoryDiagnostics([warning, { ...warning, line: 5 }], '')).toHaveLength(2);
  });

  it('print as compilers print them, errors first, then a count; the plan only counts them', () => {
    expect(describeDiagnostics([warning, error])).toEqual([
      'broken.md:3: error FORMAT_INVALID_YAML: invalid YAML',
      'page.md:2: warning FORMAT_MISSING_FILE: cover `a.png` is not a file of the directory',
      '1 error, 1 warning in the repository\'s files',
    ]);
    expect(describeDiagnostics([])).toEqual([]);
    const plan: SyncPlan = { mode: 'in-sync', syncPoint: undefined, commits: [], recordCommits: true, import: undefined, recordLive: undefined, conflicts: [], diagnostics: [warning], items: [] };
    expect(describePlan(plan)).toContain('the repository\'s files: 0 errors, 1 warning, listed below');
    expect(describePlan(plan)).not.toContain('page.md:2');
  });
});

describe('the quick way and frontmatter', () => {
  const located: GitPathLocations = new Map([['page.md', { kind: 'page', id: 'p1', title: 'Page' }]]);
  const structure = structurePaths({ root: '', summary: 'SUMMARY.md' });
  const page = (head: string, body: string) => encode(`---\n${head}---\n\n# Page\n\n${body}\n`);

  it('reports what the changed page does not understand, with the line in the file', () => {
    const planned = planInPlaceChanges([{ path: 'page.md', before: page('hidden: true\n', 'Old.'), after: page('hidden: maybe\n', 'New.') }], located, structure);
    expect(planned?.changes).toHaveLength(1);
    expect(planned?.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'FORMAT_INVALID_FRONTMATTER', path: 'page.md', line: 2 })]);
  });

  it('leaves a page whose cover now names other images to the full way, which checks that they exist', () => {
    const before = page('cover:\n  light: a.png\n  dark: b.png\n', 'Body.');
    expect(planInPlaceChanges([{ path: 'page.md', before, after: page('cover:\n  light: a.png\n  dark: c.png\n', 'Body.') }], located, structure)).toBeUndefined();
    expect(planInPlaceChanges([{ path: 'page.md', before, after: page('cover:\n  light: a.png\n  dark: b.png\n', 'Edited.') }], located, structure)?.diagnostics).toEqual([]);
  });
});
