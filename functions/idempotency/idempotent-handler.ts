import { httpRoutes, type IdempotentReplay } from '#contract/routes';
import { httpHandler } from '#functions/commons/http-handler';
import { idempotencyKeyOf } from '#functions/generation/idempotency-key-header';
import type { ReplyKeeper } from './idempotent-replies';

/**
 * `Idempotency-Key` on a POST that creates something (a client, a batch, a post to a channel), as on the
 * generation routes (docs/decisions.md, "Idempotency-Key on every create"): the first request with a key
 * claims it for its route and request before it runs, and stores its reply when it succeeds; a repeat
 * of the same request answers that reply (`Idempotent-Replayed: true`), another body 422, another route
 * 409, and while the first is still running 409. A request that fails frees its key, so a retry runs
 * again. Keys are the caller's own and last a day (idempotent-replies.ts keeps them). A reply that holds a
 * secret shown once (a route marked `sealed`, sealed-idempotent-handler.ts) is kept sealed with a KMS key of its
 * own, never in the clear.
 */

type Options<Body, Access> = Parameters<typeof httpHandler<Body, Access>>[0];

const idempotentRoutes = new Map<string, { id: string; replay: IdempotentReplay }>();
for (const route of httpRoutes) {
  if (route.idempotent)
    idempotentRoutes.set(`${route.method} ${route.path}`, { id: route.id, replay: route.idempotent });
}

/**
 * httpHandler for a route the table marks `idempotent` as `replay`, whose replies `keeper` keeps (loaded
 * with the first request that sends a key); a route marked otherwise fails its first request.
 */
export function keptReplyHandler<Body, Access>(
  options: Options<Body, Access>,
  replay: IdempotentReplay,
  keeper: () => Promise<ReplyKeeper>,
) {
  return httpHandler<Body, Access>({
    ...options,
    handle: async (request) => {
      const route = idempotentRoutes.get(request.event.routeKey);
      if (route?.replay !== replay)
        throw new Error(
          `Route ${request.event.routeKey} is not marked idempotent '${replay}' in the route table`,
        );
      const key = idempotencyKeyOf(request.event.headers);
      if (!key) return options.handle(request);
      const { runOnce } = await import('./idempotent-replies');
      return runOnce(request, route.id, key, () => options.handle(request), await keeper());
    },
  });
}

/** The wrapper of a create whose reply is kept as it is (`idempotent: 'stored'`). */
export function idempotentHandler<Body = undefined, Access = undefined>(options: Options<Body, Access>) {
  return keptReplyHandler(
    options,
    'stored',
    async () => (await import('./idempotent-replies')).PLAIN_REPLIES,
  );
}
