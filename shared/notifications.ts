import { pageCursorSchema, pageLimitSchema } from './validation/page-query';
import { isResourceId } from './validation/resource-id';
import * as z from './validation/zod';

/**
 * Notifications: what a staff user is told when a client comments on, requests changes
 * to or approves an item the user owns or follows (docs/decisions.md, "Notifications"). One list per user,
 * newest first, read through GET /api/notifications and marked read through POST /api/notifications/read;
 * each new one is also pushed over the WebSocket (NOTIFICATION_EVENT).
 */

/** What happened: the client's three review events. */
export const NOTIFICATION_KINDS = ['commented', 'changes_requested', 'approved'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notification's title: who did what on which item, in the app's words. */
export const NOTIFICATION_TITLES: Readonly<Record<NotificationKind, (who: string, item: string) => string>> =
  {
    commented: (who, item) => `${who} commented on “${item}”`,
    changes_requested: (who, item) => `${who} requested changes to “${item}”`,
    approved: (who, item) => `${who} approved “${item}”`,
  };

/** Pushed over the WebSocket to the notification's user when one is created. */
export const NOTIFICATION_EVENT = 'notification.created';

/** How many a page holds at most, and by default. */
export const NOTIFICATION_PAGE_MAX = 100;
export const NOTIFICATION_PAGE_DEFAULT = 20;
/** How many ids one POST /api/notifications/read may name. */
export const MAX_READ_IDS = 100;
/** How long a notification is kept (the table's TTL): the list is a recent-events inbox, not an archive. */
export const NOTIFICATION_KEEP_DAYS = 90;

export const NOTIFICATION_MESSAGES = {
  noIds: 'ids: name at least one notification',
  tooManyIds: `ids: at most ${MAX_READ_IDS} at a time`,
  emailSetting: 'emailNotifications: must be true or false',
  badId: 'ids: each must be a notification id from GET /api/notifications',
} as const;

export const notificationSchema = z
  .object({
    id: z.string().check(z.meta({ description: 'The notification’s id (a ULID: newer sorts later).' })),
    kind: z.enum(NOTIFICATION_KINDS).check(z.meta({ description: 'What the client did.' })),
    title: z.string().check(z.meta({ description: 'Who did what on which item, ready to show.' })),
    clientId: z.optional(z.string()).check(z.meta({ description: 'The client of the item.' })),
    contentId: z.optional(z.string()).check(z.meta({ description: 'The library item.' })),
    createdAt: z.string().check(z.meta({ description: 'When it happened (ISO).' })),
    read: z.boolean().check(z.meta({ description: 'Whether the user marked it read.' })),
  })
  .check(z.meta({ description: 'One notification of the caller’s.' }));

export type AppNotification = z.output<typeof notificationSchema>;

/** GET /api/notifications. */
export const notificationPageSchema = z.object({
  items: z.array(notificationSchema).check(z.meta({ description: 'Newest first.' })),
  unread: z.number().check(z.meta({ description: 'How many of all the caller’s notifications are unread.' })),
  next_cursor: z
    .nullable(z.string())
    .check(z.meta({ description: 'Pass it as `cursor` for the next older page; null on the last page.' })),
});

export type NotificationPage = z.output<typeof notificationPageSchema>;

export const listNotificationsQuerySchema = z.object({
  limit: pageLimitSchema(NOTIFICATION_PAGE_MAX, NOTIFICATION_PAGE_DEFAULT).check(
    z.meta({
      description: `How many to return (1–${NOTIFICATION_PAGE_MAX}, default ${NOTIFICATION_PAGE_DEFAULT}).`,
    }),
  ),
  cursor: pageCursorSchema().check(
    z.meta({ description: 'The `next_cursor` of the previous page; absent for the first page.' }),
  ),
});

/** POST /api/notifications/read: ids of the caller's own; others' and unknown ones change nothing. */
export const markReadSchema = z.object({
  ids: z
    .array(
      z
        .string({ error: NOTIFICATION_MESSAGES.badId })
        .check(z.refine(isResourceId, NOTIFICATION_MESSAGES.badId)),
      {
        error: NOTIFICATION_MESSAGES.noIds,
      },
    )
    .check(
      z.minLength(1, NOTIFICATION_MESSAGES.noIds),
      z.maxLength(MAX_READ_IDS, NOTIFICATION_MESSAGES.tooManyIds),
      z.meta({ description: `The notifications to mark read (1–${MAX_READ_IDS}).` }),
    ),
});

export type MarkReadInput = z.output<typeof markReadSchema>;

export const markReadReplySchema = z.object({
  marked: z.number().check(z.meta({ description: 'How many of the caller’s unread ones were marked read.' })),
  unread: z.number().check(z.meta({ description: 'How many are still unread.' })),
});

export type MarkReadReply = z.output<typeof markReadReplySchema>;

/** The caller's own notification settings (GET and PUT /api/notifications/settings). */
export const notificationSettingsSchema = z.object({
  emailNotifications: z.boolean({ error: NOTIFICATION_MESSAGES.emailSetting }).check(
    z.meta({
      description:
        'Whether the caller is e-mailed a client’s decisions (approved, changes requested) on items they own or follow.',
    }),
  ),
});

export type NotificationSettings = z.output<typeof notificationSettingsSchema>;
