import type { AuthorizedClient } from '#functions/clients/client-access';
import { isWordpressConfigured } from '#functions/clients/client-record';
import { decryptSecret } from '#functions/clients/password-cipher';
import { WordPressRestSite } from './wordpress-rest-site';
import { WordPressError, type WordPressSite } from './wordpress-site';

/**
 * The WordPress site of a client whose access the route has checked (client access policy: no access is
 * 404; http-handler.ts checks it before the body). The application password is decrypted here, inside the function, and goes no further than the adapter:
 * the browser never receives it (docs/decisions.md).
 */
export async function connectWordPress(
  authorized: AuthorizedClient,
): Promise<AuthorizedClient & { site: WordPressSite }> {
  const { record } = authorized;
  if (!isWordpressConfigured(record) || !record.wordpress_password_cipher) {
    throw new WordPressError(
      'wordpress_not_configured',
      `${record.name} has no complete WordPress configuration: add the WordPress URL, username and application password in the client's profile.`,
      400,
    );
  }
  const password = await decryptSecret(record.wordpress_password_cipher);
  const site = new WordPressRestSite({
    url: record.wordpress_url ?? '',
    username: record.wordpress_username ?? '',
    password,
  });
  return { ...authorized, site };
}
