import { UNMATCHED_ROUTE_KEY } from '#contract/routes';
import type { RouteHandler } from '#functions/commons/route-dispatch';
import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as mcp } from '#functions/mcp/handler';
import { handler as getHealth } from './get-health';
import { handler as unmatchedRoute } from './unmatched-route';

/**
 * The Gateway function (contract/routes.ts): the health check, the MCP server, and the HTTP API's
 * `$default` route, which answers every request no route matches in the API's error shape.
 */
const routes = dispatchRoutes('Gateway', { GetHealth: getHealth, Mcp: mcp });

export const handler: RouteHandler = (event, context) =>
  event.routeKey === UNMATCHED_ROUTE_KEY ? unmatchedRoute(event, context) : routes(event, context);
