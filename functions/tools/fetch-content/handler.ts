import { recordActivity } from '#functions/activities/activity-log';
import { BadRequestError } from '#functions/commons/errors';
import { fetchSource } from '#functions/commons/fetch-source';
import { httpHandler } from '#functions/commons/http-handler';
import { SafeFetchError, UnsafeUrlError } from '#functions/commons/safe-fetch-errors';
import type { FetchContentResponse } from '#shared/tool-results';
import { fetchContentRequestSchema } from '#shared/tools/podcast';

/**
 * POST /api/fetch-content {url} → {content, title}: the page's readable text through the safe fetcher
 * (private addresses refused on every hop), for Create Podcast's Import from URL.
 */
export const handler = httpHandler({
  body: fetchContentRequestSchema,
  handle: async ({ body, caller, userAgent }): Promise<FetchContentResponse> => {
    try {
      const source = await fetchSource(body.url);
      await recordActivity(caller, {
        action: 'content_import',
        resourceType: 'podcast',
        details: { url: source.url, title: source.title, characters: source.text.length },
        userAgent,
      });
      return { content: source.text, title: source.title };
    } catch (error) {
      if (error instanceof SafeFetchError) {
        throw new BadRequestError(
          error.message,
          error instanceof UnsafeUrlError ? 'unsafe_url' : 'fetch_failed',
        );
      }
      throw error;
    }
  },
});
