import type * as z from 'zod/mini';
import { ForbiddenError } from './errors';
import { type HttpRequest, parseBody, requestOf, routeAuth, validate, wrap } from './http-wrap';

/**
 * A route the table marks `public`. It never looks at credentials, so it does not go through
 * `authorize`: that keeps the API-key rate limiter (and with it the DynamoDB client
 * and the table's entities) out of the public handlers' bundles, which import this module alone.
 */
export function publicHttpHandler<Body = undefined>(options: {
  body?: z.core.$ZodType<Body>;
  handle: (request: HttpRequest<Body>) => Promise<unknown>;
}) {
  return wrap(async (event, context) => {
    // Wired to a route that needs credentials by mistake: fail closed rather than serve it unchecked.
    if (routeAuth(event) !== 'public') {
      throw new ForbiddenError(`Route ${event.routeKey} is not a public route`);
    }
    const body = validate(options.body, parseBody(event));
    return options.handle(requestOf(event, body, context));
  });
}
