import { useCallback, useEffect, useReducer, useRef, useSyncExternalStore } from 'react';
import { ACTIVITY_CREATED_EVENT, activityCreatedEventSchema } from '#shared/activity';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { realtimeClient, useRealtime } from '@/lib/realtime';
import { toast } from '@/lib/toast';
import { fetchActivityPage } from './activities-api';
import { type ActionFilter, type FeedState, feedReducer, initialFeed } from './feed-state';
import { ACTIVITY_ERRORS } from './messages';

export interface ActivityFeed extends FeedState {
  /** The WebSocket is open, so new activities arrive without a reload. */
  live: boolean;
  reload: () => void;
  /** Reads the next older page ('Load more'); nothing while one is on its way or the oldest is shown. */
  loadOlder: () => void;
  setFilter: (filter: ActionFilter) => void;
}

/** The realtime client has no status events; its state is read twice a second while the page is open. */
const STATUS_POLL_MS = 500;

function subscribeToStatus(onChange: () => void): () => void {
  const timer = setInterval(onChange, STATUS_POLL_MS);
  return () => clearInterval(timer);
}

const isConnected = () => realtimeClient().connected;

const actionsOf = (filter: ActionFilter) => (filter === null ? [] : [filter]);

/**
 * 001 §4 'Activity feed: loads the newest rows, then receives new inserts live', with the filter
 * by action and 'Load more' back to the oldest row
 * (docs/decisions.md, "The Activity Tracker reaches every activity"). Live rows of other actions than the
 * filter's are not shown.
 */
export function useActivityFeed(): ActivityFeed {
  const [state, dispatch] = useReducer(feedReducer, null, () => initialFeed(null));
  const live = useSyncExternalStore(subscribeToStatus, isConnected);
  const mounted = useRef(true);
  // The latest state for the callbacks, which stay the same across renders.
  const current = useRef(state);
  current.current = state;

  const tell = useCallback((error: unknown) => {
    void toast({
      title: ACTIVITY_ERRORS.title,
      description: errorMessage(error, ACTIVITY_ERRORS.load),
      variant: 'destructive',
    });
  }, []);

  const load = useCallback(
    async (filter: ActionFilter, { quiet }: { quiet: boolean }) => {
      try {
        const page = await fetchActivityPage({ actions: actionsOf(filter) });
        if (mounted.current) dispatch({ type: 'loaded', filter, older: false, page });
      } catch (error) {
        // A refresh after a reconnect only fills a gap: the rows on screen are still right. An ended
        // session is not a failure of this screen: the user is on the way to /auth, told why.
        if (quiet || !mounted.current || isSessionEnded(error)) return;
        tell(error);
        dispatch({ type: 'loadFailed', filter, older: false });
      }
    },
    [tell],
  );

  const loadOlder = useCallback(() => {
    const { filter, olderCursor, loadingOlder } = current.current;
    if (loadingOlder || typeof olderCursor !== 'string') return;
    dispatch({ type: 'loadingOlder' });
    void (async () => {
      try {
        const page = await fetchActivityPage({ actions: actionsOf(filter), cursor: olderCursor });
        if (mounted.current) dispatch({ type: 'loaded', filter, older: true, page });
      } catch (error) {
        if (!mounted.current || isSessionEnded(error)) return;
        tell(error);
        dispatch({ type: 'loadFailed', filter, older: true });
      }
    })();
  }, [tell]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The first page, and again whenever the filter changes (the reducer has just emptied the list).
  useEffect(() => {
    void load(state.filter, { quiet: false });
  }, [state.filter, load]);

  // Rows recorded while the socket was (re)connecting were pushed to nobody; a reload once it is open
  // fills that gap. The first open counts too: the first load may have run before the socket existed.
  useEffect(() => {
    if (live) void load(current.current.filter, { quiet: true });
  }, [live, load]);

  useRealtime(ACTIVITY_CREATED_EVENT, (message) => {
    const event = activityCreatedEventSchema.safeParse(message);
    if (event.success) dispatch({ type: 'live', activity: event.data.activity });
  });

  return {
    ...state,
    live,
    reload: useCallback(() => void load(current.current.filter, { quiet: false }), [load]),
    loadOlder,
    setFilter: useCallback((filter: ActionFilter) => dispatch({ type: 'filter', filter }), []),
  };
}
