/**
 * The page served for `/`: the shell with the landing page prerendered into it at build time
 * (frontend/vite.config.ts), so its text paints before any script has run. Every other route gets the
 * plain shell, index.html, and never shows the landing page's text before its own screen.
 */
export const LANDING_PAGE_FILE = 'landing.html';

/**
 * CloudFront Function (cloudfront-js-2.0, viewer request) for the default, S3-backed behaviour: `/` is
 * served the prerendered landing page; any other path without a file extension is a client-side route
 * of the single-page app, so it is served index.html.
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
  if (request.uri === '/') {
    request.uri = '/${LANDING_PAGE_FILE}';
    return request;
  }
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;
