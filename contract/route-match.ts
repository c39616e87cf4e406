import { type HttpMethod, type HttpRoute, httpRoutes } from './routes';

/**
 * Which route of the table a method and path reach, the way API Gateway's HTTP API matches them: a
 * `{name}` segment matches one non-empty path segment. The local gateway routes with it, and the
 * `$default` route's handler (functions/gateway/unmatched-route.ts) uses it to tell an unknown path
 * (404) from a known one asked with another method (405 with `Allow`). Browser-safe, like routes.ts.
 */

interface CompiledRoute {
  readonly route: HttpRoute;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

function compile(route: HttpRoute): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const match = /^\{(\w+)\}$/.exec(segment);
      if (!match?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(match[1]);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
}

export interface RouteMatch {
  /** The route of this method and path, or null. */
  readonly route: HttpRoute | null;
  /** Its path parameters, still percent-encoded as they arrived. */
  readonly rawParams: Readonly<Record<string, string>>;
  /** Every method the path is served with (empty: an unknown path), in the table's order. */
  readonly methods: readonly HttpMethod[];
}

export function routeMatcher(
  routes: readonly HttpRoute[] = httpRoutes,
): (method: string, path: string) => RouteMatch {
  const compiled = routes.map(compile);
  return (method, path) => {
    const methods: HttpMethod[] = [];
    let found: { route: HttpRoute; rawParams: Record<string, string> } | null = null;
    for (const candidate of compiled) {
      const match = candidate.pattern.exec(path);
      if (!match) continue;
      if (!methods.includes(candidate.route.method)) methods.push(candidate.route.method);
      if (found || candidate.route.method !== method) continue;
      const rawParams: Record<string, string> = {};
      for (const [index, name] of candidate.names.entries()) rawParams[name] = match[index + 1] ?? '';
      found = { route: candidate.route, rawParams };
    }
    return { route: found?.route ?? null, rawParams: found?.rawParams ?? {}, methods };
  };
}

export const matchRoute = routeMatcher();
