import type { Caller } from '#functions/commons/caller';
import { authorizeContent } from '#functions/content/authorize-content';
import type { PublishingCall } from './publication-service';
import type { PublicationKey } from './publication-store';

/** The item a publications route names, for a caller who may see its client (else 404). */
export const publicationAccess = ({
  caller,
  params,
}: {
  caller: Caller;
  params: Readonly<Record<string, string>>;
}) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? '');

export function publishingCall(request: {
  readonly caller: Caller;
  readonly access: Awaited<ReturnType<typeof publicationAccess>>;
  readonly userAgent: string | null;
  readonly remainingTimeMs: () => number;
}): PublishingCall {
  return {
    caller: request.caller,
    client: request.access.record,
    userAgent: request.userAgent,
    remainingMs: request.remainingTimeMs,
  };
}

export function publicationKey(
  access: Awaited<ReturnType<typeof publicationAccess>>,
  params: Readonly<Record<string, string>>,
): PublicationKey {
  return {
    clientId: access.record.clientId,
    contentId: access.content.contentId,
    publicationId: params.publicationId ?? '',
  };
}
