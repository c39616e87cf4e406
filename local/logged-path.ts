/**
 * The path a log line shows: a review link's token is a credential (issue 33), never written to the
 * logs, so the review page's path and the public review routes show `{token}` in its place.
 */
export function loggedPath(pathname: string): string {
  return pathname.replace(/^(\/api\/reviews\/|\/review\/)[^/]+/u, '$1{token}');
}
