import { matchRoute } from '#contract/route-match';
import { HttpError, NotFoundError } from '#functions/commons/errors';
import { type HttpEvent, HttpResult, wrap } from '#functions/commons/http-wrap';
import { OPENAPI_PATH } from '#shared/public-api';

/**
 * The `$default` route (contract/routes.ts, UNMATCHED_ROUTE_KEY): API Gateway sends it every request that
 * no route matches, which it would otherwise answer with its own `404 {"message":"Not Found"}`. A known
 * path asked with a method it does not serve gets 405 and the `Allow` the path does serve (OPTIONS
 * gets 204 with it); any other path 404. Both in the API's error shape. The body is never read.
 */

class MethodNotAllowedError extends HttpError {
  constructor(method: string, path: string, allow: string) {
    super(405, 'method_not_allowed', `${path} does not take ${method}; it takes ${allow}.`, { allow });
  }
}

const allowHeader = (methods: readonly string[]) => [...methods].sort().join(', ');

export const handler = wrap(async (event: HttpEvent) => {
  const method = event.requestContext.http.method.toUpperCase();
  const path = event.rawPath;
  const { methods } = matchRoute(method, path);
  if (methods.length === 0) {
    throw new NotFoundError(
      `There is no endpoint at ${path}. The API's endpoints are listed at ${OPENAPI_PATH}.`,
    );
  }
  if (method === 'OPTIONS')
    return new HttpResult(204, undefined, { allow: allowHeader([...methods, 'OPTIONS']) });
  throw new MethodNotAllowedError(method, path, allowHeader(methods));
});
