import { type QueryClient, queryOptions } from '@tanstack/react-query';
import {
  EMPTY_NOTIFICATIONS,
  type NotificationAction,
  type NotificationState,
  notificationReducer,
} from './notification-state';
import { fetchNotificationSettings, fetchNotifications } from './notifications-api';

/**
 * The bell's queries and their keys (docs/architecture.md, "The frontend's data layer"). The list's
 * data is the bell's whole state (notification-state.ts): the pages read so far and the pushes since,
 * each change applied by the same tested reducer.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};

/** The newest page, merged into what the cache holds: pushes that came while it was read stay. */
export const notificationsQuery = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: async ({ signal }) => {
      const page = await fetchNotifications(undefined, signal);
      const held =
        queryClient.getQueryData<NotificationState>(notificationKeys.list()) ?? EMPTY_NOTIFICATIONS;
      return notificationReducer(held, { type: 'loaded', page });
    },
  });

/** An older page, a push or a marking, applied to the cached list. */
export function updateNotifications(queryClient: QueryClient, action: NotificationAction): void {
  queryClient.setQueryData(notificationsQuery(queryClient).queryKey, (held) =>
    notificationReducer(held ?? EMPTY_NOTIFICATIONS, action),
  );
}

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => fetchNotificationSettings(signal),
  });
