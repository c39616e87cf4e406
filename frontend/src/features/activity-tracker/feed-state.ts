import type { Activity, ActivityAction } from '#shared/activity';
import type { ActivityPage } from '#shared/activity-query';
import { mergeActivities } from './activity-feed';

/**
 * The Activity Tracker's list as a state machine
 * (docs/decisions.md, "The Activity Tracker reaches every activity"): the filter (one action, or every
 * action), the rows shown, and where the next older page starts. A reply or a failure names the filter it was
 * asked for, so one that arrives after the filter changed is dropped instead of mixing two lists.
 */

/** The filter: one action, or null for every action. */
export type ActionFilter = ActivityAction | null;

export interface FeedState {
  readonly filter: ActionFilter;
  /** Null while the first page loads (the skeleton shows). */
  readonly activities: Activity[] | null;
  /** The first page failed; live rows still arrive. */
  readonly failed: boolean;
  /** The next older page's cursor: undefined until a first page arrived, null once the oldest row is shown. */
  readonly olderCursor: string | null | undefined;
  readonly loadingOlder: boolean;
  readonly olderFailed: boolean;
}

export type FeedEvent =
  | { readonly type: 'filter'; readonly filter: ActionFilter }
  | {
      readonly type: 'loaded';
      readonly filter: ActionFilter;
      readonly older: boolean;
      readonly page: ActivityPage;
    }
  | { readonly type: 'loadFailed'; readonly filter: ActionFilter; readonly older: boolean }
  | { readonly type: 'loadingOlder' }
  | { readonly type: 'live'; readonly activity: Activity };

export const initialFeed = (filter: ActionFilter): FeedState => ({
  filter,
  activities: null,
  failed: false,
  olderCursor: undefined,
  loadingOlder: false,
  olderFailed: false,
});

/** Whether a row belongs in the list the filter asks for. */
export const matchesFilter = (activity: Activity, filter: ActionFilter): boolean =>
  filter === null || activity.action === filter;

/** The state after an event; the same state (by reference) when the event changes nothing. */
export function feedReducer(state: FeedState, event: FeedEvent): FeedState {
  switch (event.type) {
    case 'filter':
      return event.filter === state.filter ? state : initialFeed(event.filter);
    case 'loaded': {
      if (event.filter !== state.filter) return state;
      const activities = mergeActivities(state.activities ?? [], event.page.activities);
      if (event.older) {
        return {
          ...state,
          activities,
          olderCursor: event.page.next_cursor,
          loadingOlder: false,
          olderFailed: false,
        };
      }
      // A reload of the newest page (after a reconnect) fills a gap at the top: the older pages already
      // shown keep their cursor.
      const olderCursor = state.olderCursor === undefined ? event.page.next_cursor : state.olderCursor;
      return { ...state, activities, failed: false, olderCursor };
    }
    case 'loadFailed':
      if (event.filter !== state.filter) return state;
      return event.older
        ? { ...state, loadingOlder: false, olderFailed: true }
        : { ...state, failed: true, activities: state.activities ?? [] };
    case 'loadingOlder':
      return state.loadingOlder ? state : { ...state, loadingOlder: true, olderFailed: false };
    case 'live':
      if (!matchesFilter(event.activity, state.filter)) return state;
      return { ...state, activities: mergeActivities(state.activities ?? [], [event.activity]) };
  }
}
