import { ACTIVITY_FEED_LIMIT } from '#shared/activity';

/**
 * The Activity Tracker's UI-only strings (001 §2, §8). The spec gives the screen no wording beyond its
 * name and the generic 'Error' toast; the rest is ours.
 */

export const ACTIVITY_PAGE = {
  title: 'Activity Tracker',
  subtitle: `Every user's activities, newest first, ${ACTIVITY_FEED_LIMIT} at a time, updated live.`,
  live: 'Live',
  connecting: 'Connecting…',
  listLabel: 'Activities',
  loading: 'Loading activities',
  emptyTitle: 'No activities yet',
  emptyHint: 'Generations, saves and client changes appear here the moment they happen.',
  emptyFilteredTitle: 'No activities of this kind yet',
  emptyFilteredHint: 'New ones appear here the moment they happen; choose All actions to see every activity.',
  filterLabel: 'Action',
  allActions: 'All actions',
  loadMore: `Load ${ACTIVITY_FEED_LIMIT} more`,
  loadingMore: 'Loading older activities…',
  olderPageFailed: 'Older activities could not be loaded.',
  oldestShown: 'That is the oldest activity.',
  loadFailedTitle: 'Activities could not be loaded',
  olderFailed: 'Earlier activities could not be loaded; only the ones that arrived live are shown.',
  retry: 'Try Again',
  noDetails: 'No details',
  columns: { time: 'Time', user: 'User', action: 'Action', resource: 'Resource', details: 'Details' },
} as const;

export const ACTIVITY_ERRORS = {
  title: 'Error',
  load: 'Failed to load activities',
} as const;
