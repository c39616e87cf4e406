import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as listNotifications } from './list-notifications';
import { handler as markNotificationsRead } from './mark-read';
import { getHandler, putHandler } from './notification-settings';

/** The Notifications function (issue 42 item 4): the caller's list, marking read, and e-mail on or off. */
export const handler = dispatchRoutes('Notifications', {
  ListNotifications: listNotifications,
  MarkNotificationsRead: markNotificationsRead,
  GetNotificationSettings: getHandler,
  UpdateNotificationSettings: putHandler,
});
