import { BadRequestError } from '#functions/commons/errors';
import { refuseUnsafeSourceUrls } from '#functions/commons/source-urls';
import { WEBHOOK_MESSAGES } from '#shared/webhooks';

/**
 * An endpoint's address, checked when it is registered: https only (plain http for the hosts
 * FETCH_ALLOW_HOSTS names, as the local tests' receivers are), and never a private, loopback or metadata
 * address: the 400 `unsafe_url` of the safe fetcher's rules (functions/commons/safe-fetch.ts). Every
 * attempt checks the address again when it connects, so a name that later resolves somewhere private is
 * refused then too.
 */
export async function checkWebhookUrl(input: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new BadRequestError(WEBHOOK_MESSAGES.httpsRequired, 'invalid_url');
  }
  if (url.protocol !== 'https:') {
    const { isAllowListedHost } = await import('#functions/commons/safe-fetch');
    if (!(url.protocol === 'http:' && isAllowListedHost(url))) {
      throw new BadRequestError(WEBHOOK_MESSAGES.httpsRequired, 'invalid_url');
    }
  }
  await refuseUnsafeSourceUrls([url.toString()]);
  return url.toString();
}
