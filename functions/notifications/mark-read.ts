import { httpHandler } from '#functions/commons/http-handler';
import { type MarkReadReply, markReadSchema } from '#shared/notifications';
import { markRead, unreadCount } from './notification-store';

/** POST /api/notifications/read `{ids}` → `{marked, unread}`: only the caller's own are touched. */
export const handler = httpHandler({
  body: markReadSchema,
  handle: async ({ caller, body }): Promise<MarkReadReply> => {
    const marked = await markRead(caller.userId, body.ids);
    return { marked, unread: await unreadCount(caller.userId) };
  },
});
