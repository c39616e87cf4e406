import { httpHandler } from '#functions/commons/http-handler';
import { afterNewVersion } from '#functions/reviews/review-service';
import * as z from '#shared/validation/zod';
import { toClientContent } from './content-record';
import { changeContent, statusAfterNewVersion } from './content-store';
import { authorizeVersion } from './version-access';

const bodySchema = z.optional(z.object({ updateOpenReview: z.optional(z.boolean()) }));

/**
 * POST /api/clients/{clientId}/content/{contentId}/versions/{versionId}/restore → the item: its words become
 * the old version's again, as a new version
 * (docs/decisions.md, "Versions, review and approval, and the content calendar"), so the history keeps what
 * it replaced.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeVersion(caller, params),
  body: bodySchema,
  handle: async ({ caller, access: { record, content, version }, body }) => {
    const keepReview = body?.updateOpenReview === true;
    const change = await changeContent(
      content,
      (current) => ({
        title: version.title,
        content: version.content ?? '',
        html_content: version.html_content ?? '',
        status: statusAfterNewVersion(current, keepReview),
      }),
      {
        author: { userId: caller.userId, email: caller.email },
        source: 'restore',
        forceVersion: true,
        restoredFrom: version.versionId,
      },
    );
    await afterNewVersion({ client: record }, change);
    return toClientContent(change.record);
  },
});
