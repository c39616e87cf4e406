import { MAX_API_REQUEST_BODY_BYTES } from '#shared/api-limits';

/**
 * CloudFront Function (cloudfront-js-2.0, viewer request) of the /api/* behaviour: what the API refuses
 * before API Gateway sees the request, in the API's own error shape (docs/decisions.md, "One error
 * shape"). A body over MAX_API_REQUEST_BODY_BYTES (its Content-Length, which viewer-request functions
 * may read) would otherwise fail inside Lambda's 6 MB invocation limit, or get API Gateway's own 413
 * over 10 MB; a path with a malformed %-escape gets 400. The local gateway runs this very code for the
 * app port, which plays CloudFront (local/http-gateway.ts).
 */
export const API_EDGE_GUARD_FUNCTION_CODE = `function refuse(status, description, code, message) {
  return {
    statusCode: status,
    statusDescription: description,
    headers: {
      'content-type': { value: 'application/json; charset=utf-8' },
      'cache-control': { value: 'no-store' }
    },
    body: { encoding: 'text', data: JSON.stringify({ error: { code: code, message: message } }) }
  };
}
function handler(event) {
  var request = event.request;
  var length = request.headers['content-length'];
  if (length && Number(length.value) > ${MAX_API_REQUEST_BODY_BYTES}) {
    return refuse(413, 'Payload Too Large', 'payload_too_large',
      'The request body is larger than ${MAX_API_REQUEST_BODY_BYTES / 1024 / 1024} MB, the most one API request may carry.');
  }
  try {
    decodeURIComponent(request.uri);
  } catch (e) {
    return refuse(400, 'Bad Request', 'bad_request', 'The path holds a malformed %-escape.');
  }
  return request;
}`;
