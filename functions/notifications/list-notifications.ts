import { httpHandler } from '#functions/commons/http-handler';
import { decodeCursor, encodeCursor } from '#functions/commons/paging';
import { parseQuery } from '#functions/usage/query-params';
import { listNotificationsQuerySchema, type NotificationPage } from '#shared/notifications';
import { listNotificationPage, settingsOf, toNotification, unreadCount } from './notification-store';

/**
 * GET /api/notifications?limit=&cursor= → `{items, unread, next_cursor}`: the caller's own, newest first,
 * paged as the other lists are (commons/paging.ts). It also records the address and role the caller signs
 * in with, which the e-mails and the audience check of functions/notifications/notify-review-event.ts use.
 */
export const handler = httpHandler({
  handle: async ({ caller, query }): Promise<NotificationPage> => {
    const parsed = parseQuery(listNotificationsQuerySchema, query);
    const after = parsed.cursor === undefined ? undefined : decodeCursor(parsed.cursor);
    const [{ items, more }, unread] = await Promise.all([
      listNotificationPage(caller.userId, parsed.limit, after),
      unreadCount(caller.userId),
      settingsOf(caller),
    ]);
    const last = items.at(-1);
    return {
      items: items.map(toNotification),
      unread,
      next_cursor: more && last ? encodeCursor(last.notificationId) : null,
    };
  },
});
