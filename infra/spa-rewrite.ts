/**
 * CloudFront Function (cloudfront-js-2.0, viewer request) for the default, S3-backed behaviour: a path
 * without a file extension is a client-side route of the single-page app, so it is served index.html.
 *
 * This replaces the usual distribution-wide 403/404 → /index.html error responses, which would also
 * rewrite the JSON 403/404 answers of the /api/* behaviour into an HTML page with status 200. A missing
 * asset file (a path with an extension) still gets its real error.
 */
export const SPA_REWRITE_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;
