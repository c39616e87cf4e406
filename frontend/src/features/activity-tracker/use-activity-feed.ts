import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ACTIVITY_CREATED_EVENT, type Activity, activityCreatedEventSchema } from '#shared/activity';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { realtimeClient, useRealtime } from '@/lib/realtime';
import { toast } from '@/lib/toast';
import { fetchActivities } from './activities-api';
import { mergeActivities } from './activity-feed';
import { ACTIVITY_ERRORS } from './messages';

export interface ActivityFeed {
  /** Null while the first load runs (the skeleton shows). */
  activities: Activity[] | null;
  /** The first load failed; live rows still arrive. */
  failed: boolean;
  /** The WebSocket is open, so new activities arrive without a reload. */
  live: boolean;
  reload: () => void;
}

/** The realtime client has no status events; its state is read twice a second while the page is open. */
const STATUS_POLL_MS = 500;

function subscribeToStatus(onChange: () => void): () => void {
  const timer = setInterval(onChange, STATUS_POLL_MS);
  return () => clearInterval(timer);
}

const isConnected = () => realtimeClient().connected;

/** 001 §4 'Activity feed: loads the newest rows, then receives new inserts live'. */
export function useActivityFeed(): ActivityFeed {
  const [activities, setActivities] = useState<Activity[] | null>(null);
  const [failed, setFailed] = useState(false);
  const live = useSyncExternalStore(subscribeToStatus, isConnected);
  const mounted = useRef(true);

  const merge = useCallback((incoming: readonly Activity[]) => {
    setActivities((current) => mergeActivities(current ?? [], incoming));
  }, []);

  const load = useCallback(
    async ({ quiet }: { quiet: boolean }) => {
      try {
        merge(await fetchActivities());
        if (mounted.current) setFailed(false);
      } catch (error) {
        // A refresh after a reconnect only fills a gap: the rows on screen are still right. An ended
        // session is not a failure of this screen: the user is on the way to /auth, told why.
        if (quiet || !mounted.current || isSessionEnded(error)) return;
        void toast({
          title: ACTIVITY_ERRORS.title,
          description: errorMessage(error, ACTIVITY_ERRORS.load),
          variant: 'destructive',
        });
        setFailed(true);
        setActivities((current) => current ?? []);
      }
    },
    [merge],
  );

  useEffect(() => {
    mounted.current = true;
    void load({ quiet: false });
    return () => {
      mounted.current = false;
    };
  }, [load]);

  // Rows recorded while the socket was (re)connecting were pushed to nobody; a reload once it is open
  // fills that gap. The first open counts too: the first load may have run before the socket existed.
  useEffect(() => {
    if (live) void load({ quiet: true });
  }, [live, load]);

  useRealtime(ACTIVITY_CREATED_EVENT, (message) => {
    const event = activityCreatedEventSchema.safeParse(message);
    if (event.success) merge([event.data.activity]);
  });

  return { activities, failed, live, reload: useCallback(() => void load({ quiet: false }), [load]) };
}
