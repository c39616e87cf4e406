import { httpRoutes } from '#contract/routes';
import { httpHandler } from '#functions/commons/http-handler';
import { idempotencyKeyOf } from '#functions/generation/idempotency-key-header';

/**
 * `Idempotency-Key` on a POST that creates something (a client, a batch, a post to a channel), as on the
 * generation routes (docs/decisions.md, "Idempotency-Key on every create"): the first request with a key
 * claims it for its route and request before it runs, and stores its reply when it succeeds; a repeat
 * of the same request answers that reply (`Idempotent-Replayed: true`), another body 422, another route
 * 409, and while the first is still running 409. A request that fails frees its key, so a retry runs
 * again. Keys are the caller's own and last a day (idempotent-replies.ts keeps them).
 */

type Options<Body, Access> = Parameters<typeof httpHandler<Body, Access>>[0];

const idempotentRoutes = new Map(
  httpRoutes.filter((route) => route.idempotent).map((route) => [`${route.method} ${route.path}`, route.id]),
);

/** httpHandler for a route the table marks `idempotent`; another route fails its first request. */
export function idempotentHandler<Body = undefined, Access = undefined>(options: Options<Body, Access>) {
  return httpHandler<Body, Access>({
    ...options,
    handle: async (request) => {
      const routeId = idempotentRoutes.get(request.event.routeKey);
      if (!routeId)
        throw new Error(`Route ${request.event.routeKey} is not marked idempotent in the route table`);
      const key = idempotencyKeyOf(request.event.headers);
      if (!key) return options.handle(request);
      // The keys' store loads with the first request that sends one.
      const { runOnce } = await import('./idempotent-replies');
      return runOnce(request, routeId, key, () => options.handle(request));
    },
  });
}
