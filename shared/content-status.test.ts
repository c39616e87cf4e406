import { describe, expect, it } from 'vitest';
import {
  CONTENT_STATUSES,
  type ContentStatus,
  isApprovedForPublishing,
  isPublishingStatus,
  nextStatus,
  type StatusEvent,
  statusOf,
} from './content-status';

const all = CONTENT_STATUSES;

describe('nextStatus', () => {
  it('takes a channel post: scheduled makes the item Scheduled (a published one stays so), sent makes it Published', () => {
    for (const status of all) {
      expect(nextStatus(status, { type: 'channel', postStatus: 'published' })).toBe('published');
      expect(nextStatus(status, { type: 'channel', postStatus: 'scheduled' })).toBe(
        status === 'published' ? 'published' : 'scheduled',
      );
    }
  });

  it('sends any item for review (another reviewer on one already in review too)', () => {
    for (const status of all) expect(nextStatus(status, { type: 'sent_for_review' })).toBe('in_review');
  });

  it('takes a decision only while a review is open, and goes where the decisions together leave it', () => {
    const approve: StatusEvent = { type: 'decided', outcome: 'approved' };
    const changes: StatusEvent = { type: 'decided', outcome: 'changes_requested' };
    expect(nextStatus('changes_requested', { type: 'decided', outcome: 'in_review' })).toBe('in_review');
    expect(nextStatus('in_review', approve)).toBe('approved');
    expect(nextStatus('in_review', changes)).toBe('changes_requested');
    expect(nextStatus('changes_requested', approve)).toBe('approved');
    expect(nextStatus('approved', changes)).toBe('changes_requested');
    for (const status of ['draft', 'scheduled', 'published'] as const) {
      expect(nextStatus(status, approve)).toBeNull();
      expect(nextStatus(status, changes)).toBeNull();
    }
  });

  it('takes a review or an approval back to Draft on new words, unless the open review is kept', () => {
    const edit = (keepReview: boolean): StatusEvent => ({ type: 'new_version', keepReview });
    expect(nextStatus('in_review', edit(false))).toBe('draft');
    expect(nextStatus('in_review', edit(true))).toBe('in_review');
    expect(nextStatus('changes_requested', edit(false))).toBe('draft');
    expect(nextStatus('changes_requested', edit(true))).toBe('in_review');
    expect(nextStatus('approved', edit(true))).toBe('draft');
    expect(nextStatus('draft', edit(true))).toBe('draft');
    // WordPress still holds the post: the status says so until it changes there.
    expect(nextStatus('scheduled', edit(false))).toBe('scheduled');
    expect(nextStatus('published', edit(false))).toBe('published');
  });

  it('follows WordPress: publish is Published, future Scheduled, anything else leaves the site', () => {
    const wp = (postStatus: string | null, approved = false): StatusEvent => ({
      type: 'wordpress',
      postStatus,
      approved,
    });
    for (const status of all) {
      expect(nextStatus(status, wp('publish'))).toBe('published');
      expect(nextStatus(status, wp('future'))).toBe('scheduled');
    }
    expect(nextStatus('published', wp(null, true))).toBe('approved');
    expect(nextStatus('published', wp(null, false))).toBe('draft');
    expect(nextStatus('scheduled', wp('draft', true))).toBe('approved');
    expect(nextStatus('in_review', wp('draft'))).toBe('in_review');
    expect(nextStatus('approved', wp('private', true))).toBe('approved');
  });

  it('ends a review when its last link is revoked', () => {
    expect(nextStatus('in_review', { type: 'reviews_closed' })).toBe('draft');
    expect(nextStatus('approved', { type: 'reviews_closed' })).toBe('approved');
  });

  it('never leaves the six statuses', () => {
    const events: StatusEvent[] = [
      { type: 'sent_for_review' },
      { type: 'decided', outcome: 'approved' },
      { type: 'decided', outcome: 'changes_requested' },
      { type: 'decided', outcome: 'in_review' },
      { type: 'new_version', keepReview: true },
      { type: 'new_version', keepReview: false },
      { type: 'wordpress', postStatus: 'pending', approved: true },
      { type: 'reviews_closed' },
    ];
    for (const status of all)
      for (const event of events) {
        const next = nextStatus(status, event);
        if (next !== null) expect(all).toContain(next);
      }
  });
});

describe('statusOf', () => {
  it('reads an item stored before statuses, or a stray value, as a draft', () => {
    expect(statusOf(undefined)).toBe('draft');
    expect(statusOf('archived')).toBe('draft');
    expect(statusOf('approved')).toBe('approved');
  });
});

describe('isApprovedForPublishing', () => {
  const item = (status: ContentStatus, versionId?: string, approvedVersionId?: string) => ({
    status,
    versionId,
    approvedVersionId,
  });

  it('holds for the approved words only', () => {
    expect(isApprovedForPublishing(item('approved', 'v2', 'v2'))).toBe(true);
    expect(isApprovedForPublishing(item('published', 'v2', 'v2'))).toBe(true);
    expect(isApprovedForPublishing(item('scheduled', 'v3', 'v2'))).toBe(false);
    expect(isApprovedForPublishing(item('in_review', 'v2', 'v2'))).toBe(false);
    expect(isApprovedForPublishing(item('draft'))).toBe(false);
    expect(isApprovedForPublishing(item('approved', undefined, undefined))).toBe(false);
  });

  it('counts publish and future as publishing, not drafts, pending or private posts', () => {
    expect(['publish', 'future', 'draft', 'pending', 'private'].filter(isPublishingStatus)).toEqual([
      'publish',
      'future',
    ]);
  });
});
