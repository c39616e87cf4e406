/**
 * The header CloudFront adds to every request it forwards to the HTTP API
 * (docs/decisions.md, "WebSocket keep-alive and the CloudFront-only API"). Its value is a secret shared by
 * the distribution and the HTTP authorizer only, so a request that reaches the execute-api endpoint any other
 * way (around CloudFront and whatever WAF sits in front of it) is refused. Lower case: API Gateway hands
 * Lambda lower-cased header names; matching is case-insensitive anyway.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** How long a Lambda container reuses the secret's value before reading it again (a changed value is seen). */
export const ORIGIN_SECRET_TTL_MS = 5 * 60 * 1000;
