import { describe, expect, it } from 'vitest';
import type { Activity, ActivityAction } from '#shared/activity';
import type { ActivityPage } from '#shared/activity-query';
import { type FeedState, feedReducer, initialFeed } from './feed-state';

/**
 * docs/decisions.md, "The Activity Tracker reaches every activity": the tracker's filter, its pages back to
 * the oldest row, and live rows under a filter.
 */

let minute = 0;
function activity(action: ActivityAction): Activity {
  minute += 1;
  return {
    id: `id-${String(minute).padStart(4, '0')}`,
    user_id: 'user-1',
    user_email: 'staff@agency.example',
    action,
    resource_type: 'client',
    resource_id: 'client-1',
    details: {},
    ip_address: null,
    user_agent: null,
    created_at: new Date(Date.UTC(2026, 2, 14, 15, minute)).toISOString(),
  };
}

const page = (rows: Activity[], next: string | null): ActivityPage => ({
  activities: [...rows].reverse(),
  next_cursor: next,
});
const ids = (state: FeedState) => state.activities?.map((row) => row.id) ?? null;

describe('feedReducer', () => {
  it('starts empty and loading; the first page sets where the older one starts', () => {
    const start = initialFeed(null);
    expect(start.activities).toBeNull();
    expect(start.olderCursor).toBeUndefined();
    const [a, b] = [activity('client_updated'), activity('budget_set')];
    const loaded = feedReducer(start, {
      type: 'loaded',
      filter: null,
      older: false,
      page: page([a, b], 'c1'),
    });
    expect(ids(loaded)).toEqual([b.id, a.id]);
    expect(loaded.olderCursor).toBe('c1');
  });

  it("adds older pages below until the server says there is none, and a reconnect's reload keeps their cursor", () => {
    const [a, b, c, d] = [
      activity('client_updated'),
      activity('client_updated'),
      activity('client_updated'),
      activity('client_updated'),
    ];
    let state = feedReducer(initialFeed(null), {
      type: 'loaded',
      filter: null,
      older: false,
      page: page([c, d], 'after-c'),
    });
    state = feedReducer(state, { type: 'loadingOlder' });
    expect(state.loadingOlder).toBe(true);
    state = feedReducer(state, { type: 'loaded', filter: null, older: true, page: page([a, b], null) });
    expect(ids(state)).toEqual([d.id, c.id, b.id, a.id]);
    expect(state.olderCursor).toBeNull();
    expect(state.loadingOlder).toBe(false);
    const e = activity('client_updated');
    state = feedReducer(state, { type: 'loaded', filter: null, older: false, page: page([d, e], 'after-d') });
    expect(ids(state)).toEqual([e.id, d.id, c.id, b.id, a.id]);
    expect(state.olderCursor).toBeNull();
  });

  it('empties the list when the filter changes and drops replies asked for another filter', () => {
    const loaded = feedReducer(initialFeed(null), {
      type: 'loaded',
      filter: null,
      older: false,
      page: page([activity('client_updated')], 'x'),
    });
    const filtered = feedReducer(loaded, { type: 'filter', filter: 'budget_set' });
    expect(filtered).toEqual(initialFeed('budget_set'));
    expect(feedReducer(filtered, { type: 'filter', filter: 'budget_set' })).toBe(filtered);
    const late = feedReducer(filtered, {
      type: 'loaded',
      filter: null,
      older: false,
      page: page([activity('client_updated')], 'y'),
    });
    expect(late).toBe(filtered);
    expect(feedReducer(filtered, { type: 'loadFailed', filter: null, older: false })).toBe(filtered);
  });

  it('shows live rows of the chosen action only; every live row without a filter', () => {
    const budget = activity('budget_set');
    const generation = activity('newsletter_generation');
    let filtered = feedReducer(initialFeed('budget_set'), {
      type: 'loaded',
      filter: 'budget_set',
      older: false,
      page: page([], null),
    });
    filtered = feedReducer(filtered, { type: 'live', activity: generation });
    expect(ids(filtered)).toEqual([]);
    filtered = feedReducer(filtered, { type: 'live', activity: budget });
    expect(ids(filtered)).toEqual([budget.id]);
    const all = feedReducer(feedReducer(initialFeed(null), { type: 'live', activity: generation }), {
      type: 'live',
      activity: budget,
    });
    expect(ids(all)).toEqual([generation.id, budget.id]);
  });

  it('tells a failed first page from a failed older page', () => {
    const failed = feedReducer(initialFeed(null), { type: 'loadFailed', filter: null, older: false });
    expect(failed).toMatchObject({ failed: true, activities: [] });
    const loaded = feedReducer(initialFeed(null), {
      type: 'loaded',
      filter: null,
      older: false,
      page: page([activity('client_updated')], 'next'),
    });
    const olderFailed = feedReducer(feedReducer(loaded, { type: 'loadingOlder' }), {
      type: 'loadFailed',
      filter: null,
      older: true,
    });
    expect(olderFailed).toMatchObject({
      failed: false,
      olderFailed: true,
      loadingOlder: false,
      olderCursor: 'next',
    });
  });
});
