/**
 * The most one API request may carry, checked at the edge (CloudFront in AWS, the app port locally:
 * infra/api-edge-guard.ts) so that a larger body gets the API's own 413 instead of a Lambda failure:
 * Lambda takes at most 6 MB per synchronous invocation (its documented quota), and API Gateway passes
 * the body in that invocation. Routes keep lower limits of their own (2 MB of JSON by default).
 */
export const MAX_API_REQUEST_BODY_BYTES = 6 * 1024 * 1024;
