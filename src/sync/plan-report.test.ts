import { describe, expect, it } from 'vitest';
import { exportCommitMessage } from './commit-message.ts';
import { describeConflicts, describePlan, describeResult } from './plan-report.ts';
import { groupByOutcome } from './plan-item.ts';
import { resultToJson, type SyncResult } from './sync-result.ts';

const result: SyncResult = {
  mode: 'conflict',
  dryRun: false,
  ok: false,
  changeRequest: { id: 'cr9', number: 9, merged: false },
  commits: [],
  conflicts: [{ path: 'guide/faq.md', reason: 'both-changed', title: 'FAQ' }],
  items: [
    { outcome: 'updated', side: 'space', kind: 'page', path: 'guide/faq.md', title: 'FAQ' },
    { outcome: 'failed', side: 'space', kind: 'file', path: 'big.pdf', detail: 'too large' },
  ],
  diagnostics: [],
  requests: { total: 7, retries: 0, byRoute: {} },
};

describe('reports', () => {
  it('says which pages conflict and how to resolve them', () => {
    const text = describeConflicts(result);
    expect(text).toContain('guide/faq.md ("FAQ"): changed on both sides');
    expect(text).toContain('change request #9 holds Git\'s side, left open');
    expect(text).toContain('--prefer git or --prefer space');
    expect(describeResult(result)).toMatch(/^Sync stopped: conflict \(1 updated, 1 failed\), 7 HTTP request\(s\)\n {2}failed file big.pdf \(too large\)/);
  });

  it('says when the branch was rewritten since the sync point', () => {
    const text = describePlan({
      mode: 'import',
      syncPoint: { revisionId: 'rev3', commit: 'c'.repeat(40), rewritten: true },
      commits: [],
      recordCommits: true,
      import: undefined,
      recordLive: undefined,
      conflicts: [],
      diagnostics: [],
      items: [],
    });
    expect(text).toContain('last synced: revision rev3 = commit ccccccc\n  the branch no longer contains commit ccccccc (rewound or force-pushed)');
  });

  it('groups the JSON result by outcome, every outcome present', () => {
    const json = resultToJson(result);
    expect(Object.keys(json.byOutcome)).toEqual(['created', 'updated', 'moved', 'deleted', 'skipped', 'failed']);
    expect(json.byOutcome.failed).toEqual([result.items[1]]);
    expect(json.requests).toBe(7);
    expect(groupByOutcome([]).created).toEqual([]);
  });

  it('writes commit messages as <PREFIX>-<number>: <subject>', () => {
    expect(exportCommitMessage('DOCS', { revisionId: 'r', changeRequest: { number: 12, subject: ' Fix typo ' } })).toBe('DOCS-12: Fix typo');
    expect(exportCommitMessage('DOCS', { revisionId: 'r', changeRequest: { number: 3, subject: '' } })).toBe('DOCS-3: Change request #3');
    expect(exportCommitMessage('DOCS', { revisionId: 'r7' })).toBe('DOCS: Edits in the space (revision r7)');
  });
});
