import { describe, expect, it } from 'vitest';
import { isSyncDraft } from './interrupted-change-requests.ts';
import { syncMarker } from './plan.ts';

const draft = (subject: string, creator = 'u1', status: 'draft' | 'open' = 'draft') => ({ status, subject, createdBy: { id: creator } });

describe('isSyncDraft', () => {
  const marker = syncMarker({ ref: 'refs/heads/main' });

  it('takes a draft marked with this sync\'s branch and created by its user', () => {
    expect(isSyncDraft(draft('[git:main] Initial commit'), marker, 'u1')).toBe(true);
    expect(isSyncDraft(draft('[git:main]'), marker, 'u1')).toBe(true);
  });

  it('leaves another user\'s draft, an unmarked one, another branch\'s, and one opened for review', () => {
    expect(isSyncDraft(draft('[git:main] Initial commit', 'u2'), marker, 'u1')).toBe(false);
    expect(isSyncDraft(draft('Initial commit'), marker, 'u1')).toBe(false);
    expect(isSyncDraft(draft('[git:main-2] Initial commit'), marker, 'u1')).toBe(false);
    expect(isSyncDraft(draft('[git:main]Initial commit'), marker, 'u1')).toBe(false);
    expect(isSyncDraft(draft('[git:main] Initial commit', 'u1', 'open'), marker, 'u1')).toBe(false);
  });

  it('on a pull request, the marker is the pull request\'s branch', () => {
    expect(syncMarker({ ref: 'refs/heads/main', pullRequest: { branch: 'feature/faq' } })).toBe('[git:feature/faq]');
  });
});
