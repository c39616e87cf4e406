import { type AuthorizedClient, authorizeClient } from '#functions/clients/client-access';
import type { Caller } from '#functions/commons/caller';
import { NotFoundError } from '#functions/commons/errors';
import type { ContentRecord } from './content-record';
import { CONTENT_NOT_FOUND, findContent } from './content-store';

/**
 * A content item under its client's path, for a caller who may see that client. The item is looked up
 * in the path client's own partition, so another client's content id is simply not found.
 */
export async function authorizeContent(
  caller: Caller,
  clientId: string,
  contentId: string,
): Promise<AuthorizedClient & { content: ContentRecord }> {
  const authorized = await authorizeClient(caller, clientId);
  const content = await findContent(authorized.record.clientId, contentId);
  if (!content) throw new NotFoundError(CONTENT_NOT_FOUND);
  return { ...authorized, content };
}
