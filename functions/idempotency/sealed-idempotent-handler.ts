import type { httpHandler } from '#functions/commons/http-handler';
import { keptReplyHandler } from './idempotent-handler';

/**
 * The wrapper of a create whose reply holds a secret shown once (`idempotent: 'sealed'` in the route
 * table): as idempotentHandler, with the reply kept sealed (sealed-replies.ts). Only these handlers reach
 * the KMS client for it, so only their functions hold the sealed replies' key.
 */
export function sealedIdempotentHandler<Body = undefined, Access = undefined>(
  options: Parameters<typeof httpHandler<Body, Access>>[0],
) {
  return keptReplyHandler(options, 'sealed', async () => (await import('./sealed-replies')).SEALED_REPLIES);
}
