import { originSecretValue } from '#functions/auth/origin-verify';
import type { HttpEvent } from '#functions/commons/http-wrap';
import { ORIGIN_VERIFY_HEADER } from '#shared/origin-verify';

/**
 * Where the MCP server sends its API calls: the HTTP API that received the MCP request, at the domain
 * API Gateway names in the request context (not a header the caller chose), with the header CloudFront
 * adds, since the API takes requests from CloudFront only (docs/decisions.md, "WebSocket keep-alive and
 * the CloudFront-only API"). The local gateway names the host the request reached; only a loopback
 * host is taken there, so no request can send its key elsewhere.
 */

const LOCAL_API_ID = 'local';
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/;

export function apiOriginOf(event: HttpEvent): string {
  const { apiId, domainName } = event.requestContext;
  if (apiId !== LOCAL_API_ID) return `https://${domainName}`;
  if (!LOOPBACK_HOST.test(domainName)) {
    throw new Error(`The local API was reached as ${domainName}, which is not a loopback host`);
  }
  return `http://${domainName}`;
}

/** The header that lets the call through the API's authorizer, as CloudFront's requests carry it. */
export async function originHeaders(): Promise<Record<string, string>> {
  const value = await originSecretValue();
  return value ? { [ORIGIN_VERIFY_HEADER]: value } : {};
}
