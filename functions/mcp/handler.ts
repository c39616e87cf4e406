import { appOrigin } from '#functions/commons/app-origin';
import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import { mcpMessageSchema } from '#shared/mcp';
import { apiOriginOf, originHeaders } from './mcp-origin';

/** The MCP headers a client sends that the SDK's transport reads (the rest of the event it does not need). */
const FORWARDED_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id'] as const;

/**
 * POST /api/mcp: the Model Context Protocol over Streamable HTTP (functions/mcp/mcp-server.ts), with an
 * `lbm_` API key (or a sign-in token) as any API route takes it. The wrapper checks the credentials and
 * counts the request; the JSON-RPC message is the SDK's to validate. The SDK and the tools' schemas load
 * with the first request.
 */
export const handler = httpHandler({
  body: mcpMessageSchema,
  handle: async ({ body, event }) => {
    const { answerMcpRequest } = await import('./mcp-server');
    const apiOrigin = apiOriginOf(event);
    const headers = new Headers();
    for (const name of FORWARDED_HEADERS) {
      const value = event.headers?.[name];
      if (value) headers.set(name, value);
    }
    // The body is already parsed and validated: the transport takes it as `parsedBody`, not from here.
    const request = new Request(`${apiOrigin}/api/mcp`, { method: 'POST', headers });
    const caller = {
      apiOrigin,
      appOrigin: appOrigin(event),
      authorization: event.headers?.authorization ?? '',
      requestId: event.requestContext.requestId,
      originHeaders: await originHeaders(),
    };
    const response = await answerMcpRequest(caller, request, body);
    const text = await response.text();
    const replyHeaders: Record<string, string> = {};
    for (const name of ['content-type', 'mcp-session-id', 'allow']) {
      const value = response.headers.get(name);
      if (value) replyHeaders[name] = value;
    }
    return new HttpResult(response.status, text === '' ? undefined : JSON.parse(text), replyHeaders);
  },
});
