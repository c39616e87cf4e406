/**
 * CloudFront Function (cloudfront-js-2.0, viewer request) for the default, S3-backed behaviour: a path
 * without a file extension is a client-side route of the single-page app, so it is served index.html.
 *
 * This replaces the usual distribution-wide 403/404 → /index.html error responses, which would also
 * rewrite the JSON 403/404 answers of the /api/* behaviour into an HTML page with status 200. A missing
 * asset file (a path with an extension) still gets its real error.
 *
 * Source maps are never served, even ones an older deployment left in the bucket (the hashed assets are
 * never pruned): they would publish the original sources.
 */
export const SPA_REWRITE_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  if (/\\.map$/i.test(request.uri)) {
    return { statusCode: 404, statusDescription: 'Not Found' };
  }
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;
