import { requireClientAccess } from '#functions/clients/client-access';
import type { Caller } from '#functions/commons/caller';
import { NotFoundError } from '#functions/commons/errors';
import { findContent } from '#functions/content/content-store';
import { type MediaLocation, mediaPath } from '#shared/media';

export const MEDIA_NOT_FOUND = 'Media not found';

/**
 * Who may fetch a media file: the user whose job made it, or anyone who can see a client whose library
 * item (saved by that job, so its content id is the job id) lists the file. Anything else answers 404,
 * like a missing file, so media ids reveal nothing.
 */
export async function requireMediaAccess(
  caller: Caller,
  location: MediaLocation,
  clientId: string | undefined,
): Promise<void> {
  if (location.userId === caller.userId) return;
  if (!clientId) throw new NotFoundError(MEDIA_NOT_FOUND);
  await requireClientAccess(caller, clientId);
  const content = await findContent(clientId, location.jobId);
  if (!content || !JSON.stringify(content.metadata ?? {}).includes(`"${mediaPath(location)}"`)) {
    throw new NotFoundError(MEDIA_NOT_FOUND);
  }
}
