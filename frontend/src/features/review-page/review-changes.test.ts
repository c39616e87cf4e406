import { describe, expect, it } from 'vitest';
import type { PublicReview, PublicReviewComment } from '#shared/reviews';
import { REVIEW_PAGE } from './messages';
import { commentKey, reviewChanges } from './review-changes';

/** A comment of the page; `id` orders them, a second apart (the page knows comments by their moment). */
const comment = (
  id: string,
  name: string,
  decision: PublicReviewComment['decision'] = null,
): PublicReviewComment => ({
  versionId: 'v1',
  kind: decision ? 'decision' : 'comment',
  decision,
  text: 'Words',
  quote: null,
  anchor: null,
  author: { kind: 'reviewer', name },
  createdAt: `2026-12-01T10:00:0${id.replace(/\D/gu, '')}.000Z`,
});

const review = (versionId: string, comments: PublicReviewComment[]): PublicReview => ({
  agency: { name: null, logoUrl: null },
  clientName: 'Bakery',
  title: 'Menu',
  html: '<p>Menu</p>',
  text: 'Menu',
  status: 'in_review',
  comments,
  expiresAt: '2026-12-15T10:00:00.000Z',
  versionId,
  versionCreatedAt: '2026-12-01T09:00:00.000Z',
  sentAt: '2026-12-01T09:00:00.000Z',
  reviewerName: 'Maria',
  message: null,
  canDecide: true,
  decision: null,
});

describe('reviewChanges (the review page poll)', () => {
  it('says nothing when nothing changed', () => {
    const before = review('v1', [comment('c1', 'Maria')]);
    expect(reviewChanges(before, before)).toEqual({ newVersion: false, said: [] });
  });

  it('names a new version, and others’ comments and decisions, but not the reviewer’s own', () => {
    const before = review('v1', [comment('c1', 'Maria')]);
    const after = review('v2', [
      comment('c1', 'Maria'),
      comment('c2', 'Jo'),
      comment('c3', 'Sam', 'request_changes'),
      comment('c4', 'Maria'),
    ]);
    expect(reviewChanges(before, after, new Set([commentKey(comment('c4', 'Maria'))]))).toEqual({
      newVersion: true,
      said: [REVIEW_PAGE.live.newVersion, 'New comment from Jo.', 'Sam requested changes.'],
    });
  });
});
