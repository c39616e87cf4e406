import { httpHandler } from '#functions/commons/http-handler';
import { type NotificationSettings, notificationSettingsSchema } from '#shared/notifications';
import { saveNotificationSettings, settingsOf } from './notification-store';

/** GET /api/notifications/settings → `{emailNotifications}`: the caller's own (e-mail is on by default). */
export const getHandler = httpHandler({
  handle: async ({ caller }): Promise<NotificationSettings> => ({
    emailNotifications: (await settingsOf(caller)).emailNotifications,
  }),
});

/** PUT /api/notifications/settings `{emailNotifications}`: turns the caller's notification e-mail on or off. */
export const putHandler = httpHandler({
  body: notificationSettingsSchema,
  handle: async ({ caller, body }): Promise<NotificationSettings> => ({
    emailNotifications: (await saveNotificationSettings(caller, body.emailNotifications)).emailNotifications,
  }),
});
