import { ACTIVITY_FEED_LIMIT } from '#shared/activity';

/**
 * The Activity Tracker's UI-only strings (001 §2, §8). The spec gives the screen no wording beyond its
 * name and the generic 'Error' toast; the rest is ours.
 */

export const ACTIVITY_PAGE = {
  title: 'Activity Tracker',
  subtitle: `The newest ${ACTIVITY_FEED_LIMIT} activities of every user, updated live.`,
  live: 'Live',
  connecting: 'Connecting…',
  listLabel: 'Activities',
  loading: 'Loading activities',
  emptyTitle: 'No activities yet',
  emptyHint: 'Generations, saves and client changes appear here the moment they happen.',
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
