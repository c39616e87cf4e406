import { describe, expect, it } from 'vitest';
import { type OutcomeDecision, type OutcomeLink, reviewOutcome } from './review-outcome';

const link = (
  reviewId: string,
  rule: OutcomeLink['rule'] = 'all',
  requestId = 'q1',
  versionId = 'v2',
): OutcomeLink => ({
  reviewId,
  requestId,
  rule,
  versionId,
});
const byLink = (
  reviewId: string,
  decision: OutcomeDecision['decision'],
  versionId = 'v2',
): OutcomeDecision => ({
  by: { kind: 'reviewer', reviewId },
  versionId,
  decision,
});
const byStaff = (
  userId: string,
  decision: OutcomeDecision['decision'],
  versionId = 'v2',
): OutcomeDecision => ({
  by: { kind: 'staff', userId },
  versionId,
  decision,
});
const outcome = (links: OutcomeLink[], decisions: OutcomeDecision[]) =>
  reviewOutcome({ currentVersionId: 'v2', links, decisions });

describe('reviewOutcome', () => {
  it('waits with no decision, and for every reviewer when all must approve', () => {
    expect(outcome([link('a'), link('b')], [])).toBe('in_review');
    expect(outcome([link('a'), link('b')], [byLink('a', 'approve')])).toBe('in_review');
    expect(outcome([link('a'), link('b')], [byLink('a', 'approve'), byLink('b', 'approve')])).toBe(
      'approved',
    );
  });

  it('approves on one approval when any one may', () => {
    expect(outcome([link('a', 'any'), link('b', 'any')], [byLink('b', 'approve')])).toBe('approved');
  });

  it('keeps a request for changes until the reviewer who made it approves', () => {
    const links = [link('a', 'any'), link('b', 'any')];
    const requested = byLink('a', 'request_changes');
    // A later approval by someone else does not lift it (the last decision does not win).
    expect(outcome(links, [requested, byLink('b', 'approve')])).toBe('changes_requested');
    expect(outcome(links, [requested, byStaff('u1', 'approve')])).toBe('changes_requested');
    expect(outcome(links, [requested, byLink('b', 'approve'), byLink('a', 'approve')])).toBe('approved');
    // All must approve, one requests changes: Changes requested, whatever the others did.
    expect(outcome([link('a'), link('b')], [byLink('b', 'approve'), byLink('a', 'request_changes')])).toBe(
      'changes_requested',
    );
  });

  it('starts afresh on a new version: decisions on older words do not count', () => {
    const links = [link('a'), link('b')];
    expect(outcome(links, [byLink('a', 'request_changes', 'v1'), byLink('b', 'approve', 'v1')])).toBe(
      'in_review',
    );
    expect(
      outcome(links, [byLink('a', 'request_changes', 'v1'), byLink('a', 'approve'), byLink('b', 'approve')]),
    ).toBe('approved');
  });

  it('a colleague’s approval approves unless a request for changes stands, which stands until its maker approves', () => {
    expect(outcome([link('a')], [byStaff('u1', 'approve')])).toBe('approved');
    expect(outcome([], [byLink('a', 'approve')])).toBe('approved');
    expect(outcome([link('a', 'all', 'q1', 'v1')], [byStaff('u1', 'approve')])).toBe('approved');
    expect(outcome([], [byStaff('u1', 'request_changes'), byStaff('u2', 'approve')])).toBe(
      'changes_requested',
    );
    expect(outcome([], [byStaff('u1', 'request_changes'), byStaff('u1', 'approve')])).toBe('approved');
  });

  it('needs every request on the item to be met', () => {
    const links = [link('a', 'any', 'q1'), link('b', 'any', 'q1'), link('c', 'all', 'q2')];
    expect(outcome(links, [byLink('a', 'approve')])).toBe('in_review');
    expect(outcome(links, [byLink('a', 'approve'), byLink('c', 'approve')])).toBe('approved');
  });
});
