import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { routesOf } from '#contract/routes';
import type { HttpEvent } from './http-wrap';

/** A route's handler as Lambda calls it (what httpHandler and publicHttpHandler return). */
export type RouteHandler = (event: HttpEvent, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The handler of a function that serves several routes (contract/routes.ts): API Gateway names the route in
 * the event's `routeKey`, and the request goes to that route's own handler, unchanged. The handlers are
 * given by route id and must be exactly the routes the table gives this function, checked when the
 * module loads, so a route added to the table but not here (or the reverse) fails the function's first
 * request and its tests rather than answering for the wrong route.
 */
export function dispatchRoutes(
  functionId: string,
  handlers: Readonly<Record<string, RouteHandler>>,
): RouteHandler {
  const routes = routesOf(functionId);
  if (routes.length === 0) throw new Error(`The route table has no function ${functionId}`);
  const expected = routes.map((route) => route.id).sort();
  const given = Object.keys(handlers).sort();
  if (expected.join() !== given.join()) {
    throw new Error(
      `The ${functionId} function handles ${given.join(', ') || 'no route'}, but the route table gives it ${expected.join(', ')}`,
    );
  }
  const byRouteKey = new Map<string, RouteHandler | undefined>(
    routes.map((route) => [`${route.method} ${route.path}`, handlers[route.id]]),
  );
  return async (event, context) => {
    const handler = byRouteKey.get(event.routeKey);
    // API Gateway only sends the routes integrated with this function; anything else is a wiring fault.
    if (!handler) throw new Error(`The ${functionId} function serves no route ${event.routeKey}`);
    return handler(event, context);
  };
}
