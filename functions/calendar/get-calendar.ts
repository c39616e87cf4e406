import { authorizeClient } from '#functions/clients/client-access';
import { BadRequestError } from '#functions/commons/errors';
import { describeValidationError, httpHandler } from '#functions/commons/http-handler';
import { type CalendarReply, calendarQuerySchema } from '#shared/calendar';
import { calendarEntries } from './calendar-entries';

/**
 * GET /api/calendar?from=&to=&clientId=&status= → `{entries}`: scheduled and published posts, review
 * expiries and due dates of the clients the caller can see, in a range of at most 62 days (a month view
 * and its edges). A client the caller cannot see answers 404, as everywhere.
 */
export const handler = httpHandler({
  handle: async ({ caller, query }): Promise<CalendarReply> => {
    const parsed = calendarQuerySchema.safeParse({
      from: query.from ?? '',
      to: query.to ?? '',
      clientId: query.clientId || undefined,
      status: query.status || undefined,
    });
    if (!parsed.success)
      throw new BadRequestError(describeValidationError(parsed.error), 'validation_failed');
    const onlyClientId = parsed.data.clientId
      ? (await authorizeClient(caller, parsed.data.clientId)).record.clientId
      : null;
    return { entries: await calendarEntries(caller, parsed.data, onlyClientId) };
  },
});
