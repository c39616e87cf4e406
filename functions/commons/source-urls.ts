import { BadRequestError } from './errors';
import { UnsafeUrlError } from './safe-fetch-errors';

/**
 * A job that will read web pages refuses a private or local one at entry, with the 400 that
 * POST /api/fetch-content answers (`unsafe_url` and the fetcher's message), instead of queuing a job that
 * can only fail (docs/architecture.md, "Security"). The fetcher is loaded only for a job that reads one.
 */
export async function refuseUnsafeSourceUrls(urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  const { assertFetchableUrl } = await import('./safe-fetch');
  for (const url of urls) {
    try {
      await assertFetchableUrl(url);
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw new BadRequestError(error.message, 'unsafe_url');
      throw error;
    }
  }
}
