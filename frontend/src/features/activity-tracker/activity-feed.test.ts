import { describe, expect, it } from 'vitest';
import { ACTIVITY_FEED_LIMIT, type Activity } from '#shared/activity';
import {
  actionLabel,
  actionTone,
  activityTime,
  detailsSummary,
  mergeActivities,
  readableName,
} from './activity-feed';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 14, 15, minute)).toISOString();

function activity(id: string, minute: number, changes: Partial<Activity> = {}): Activity {
  return {
    id,
    user_id: 'user-1',
    user_email: 'staff@agency.example',
    action: 'client_updated',
    resource_type: 'client',
    resource_id: 'client-1',
    details: {},
    ip_address: null,
    user_agent: null,
    created_at: at(minute),
    ...changes,
  };
}

const ids = (list: readonly Activity[]) => list.map((entry) => entry.id);

describe('mergeActivities', () => {
  it('puts a live row above the loaded ones', () => {
    const loaded = [activity('b', 2), activity('a', 1)];
    expect(ids(mergeActivities(loaded, [activity('c', 3)]))).toEqual(['c', 'b', 'a']);
  });

  it('keeps each id once, the incoming version winning', () => {
    const loaded = [activity('b', 2), activity('a', 1)];
    const merged = mergeActivities(loaded, [activity('b', 2, { user_email: 'new@agency.example' })]);
    expect(ids(merged)).toEqual(['b', 'a']);
    expect(merged[0]?.user_email).toBe('new@agency.example');
  });

  it('orders a reload that overlaps live rows newest first, ties by id', () => {
    const live = [activity('d', 4), activity('c', 3)];
    const reloaded = [activity('c', 3), activity('b', 3), activity('a', 1)];
    expect(ids(mergeActivities(live, reloaded))).toEqual(['d', 'c', 'b', 'a']);
  });

  it(`keeps every row past the first ${ACTIVITY_FEED_LIMIT}: an older page adds below, a live row above`, () => {
    const loaded = Array.from({ length: ACTIVITY_FEED_LIMIT }, (_, index) =>
      activity(`old-${String(index).padStart(3, '0')}`, 0, {
        created_at: new Date(Date.UTC(2026, 2, 14, 14) + index * 1000).toISOString(),
      }),
    );
    const older = [activity('older', 0, { created_at: new Date(Date.UTC(2026, 2, 13)).toISOString() })];
    const merged = mergeActivities(mergeActivities(loaded, [activity('new', 5)]), older);
    expect(merged).toHaveLength(ACTIVITY_FEED_LIMIT + 2);
    expect(merged[0]?.id).toBe('new');
    expect(merged.at(-1)?.id).toBe('older');
    expect(ids(merged)).toContain('old-000');
  });

  it('starts from nothing and does not change the lists it is given', () => {
    const incoming = [activity('a', 1), activity('b', 2)];
    expect(ids(mergeActivities([], incoming))).toEqual(['b', 'a']);
    expect(ids(incoming)).toEqual(['a', 'b']);
  });
});

describe('how a row reads', () => {
  it('turns action and resource names into words, keeping acronyms', () => {
    expect(readableName('press_release_generation')).toBe('Press Release Generation');
    expect(readableName('gbp_post_generation')).toBe('GBP Post Generation');
    expect(readableName('faq_generation')).toBe('FAQ Generation');
    expect(readableName('client_content')).toBe('Client Content');
    expect(readableName('wordpress_post_published')).toBe('WordPress Post Published');
  });

  it('colours actions by kind', () => {
    expect(actionTone('newsletter_generation')).toBe('blue');
    expect(actionTone('blog_rewrite')).toBe('blue');
    expect(actionTone('image_analysis')).toBe('blue');
    expect(actionTone('client_content_save')).toBe('green');
    expect(actionTone('client_updated')).toBe('green');
    expect(actionTone('access_granted')).toBe('purple');
    expect(actionTone('access_removed')).toBe('orange');
    expect(actionTone('client_deleted')).toBe('orange');
    expect(actionTone('something_else')).toBe('secondary');
  });

  it('names and colours the review actions as listed', () => {
    expect(actionLabel('review_requested')).toBe('Review Requested');
    expect(actionLabel('review_commented')).toBe('Review Comment');
    expect(actionLabel('review_approved')).toBe('Review Approved');
    expect(actionLabel('review_changes_requested')).toBe('Changes Requested');
    expect(actionLabel('client_updated')).toBe('Client Updated');
    expect(actionTone('review_approved')).toBe('green');
    expect(actionTone('review_changes_requested')).toBe('orange');
    expect(actionTone('review_requested')).toBe('blue');
  });

  it('shows the time in US English in the viewer zone', () => {
    expect(activityTime(activity('a', 30), 'UTC')).toBe('Mar 14, 2026, 3:30 PM');
    expect(activityTime(activity('a', 30), 'America/Chicago')).toBe('Mar 14, 2026, 10:30 AM');
    expect(activityTime(activity('a', 0, { created_at: 'not a date' }), 'UTC')).toBe('not a date');
  });

  it('summarises details on one line, shortening long values and leaving out empty ones', () => {
    expect(
      detailsSummary({ topic: 'Spring  tips', model: 'gpt-4o', url: null, prompt: '', includeHeader: true }),
    ).toBe('topic: Spring tips · model: gpt-4o · includeHeader: true');
    expect(detailsSummary({ changes: { name: 'A' } })).toBe('changes: {"name":"A"}');
    const long = detailsSummary({ topic: 'x'.repeat(200) });
    expect(long).toBe(`topic: ${'x'.repeat(60)}...`);
    expect(detailsSummary({})).toBe('');
  });
});
