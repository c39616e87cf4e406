import * as z from './validation/zod';

/**
 * The MCP server's tools besides the generation and direct tools, by the name an agent calls them: the
 * public API's operations an agent needs to find a client, read its library and act on what was made
 * (functions/mcp/mcp-tools.ts derives each tool's schema and description from its endpoint).
 */
export const MCP_OPERATIONS = {
  get_job: ['get', '/jobs/{jobId}'],
  list_clients: ['get', '/clients'],
  get_client: ['get', '/clients/{clientId}'],
  list_library: ['get', '/clients/{clientId}/content'],
  get_library_item: ['get', '/clients/{clientId}/content/{contentId}'],
  send_for_review: ['post', '/clients/{clientId}/content/{contentId}/reviews'],
  list_channels: ['get', '/clients/{clientId}/connections'],
  publish_item: ['post', '/clients/{clientId}/content/{contentId}/publications'],
} as const satisfies Record<string, readonly ['get' | 'post', string]>;

/**
 * POST /api/mcp (functions/mcp/): one message of the Model Context Protocol over Streamable HTTP, a
 * JSON-RPC 2.0 request, notification or response. The route checks this much, the MCP SDK the rest.
 */
export const mcpMessageSchema = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.optional(z.union([z.string(), z.number()])),
    method: z.optional(z.string()),
    params: z.optional(z.record(z.string(), z.unknown())),
  })
  .check(
    z.meta({
      description:
        'A JSON-RPC 2.0 message of the Model Context Protocol: `initialize`, `tools/list`, `tools/call`, `resources/list`, `resources/read`… Send `Accept: application/json, text/event-stream`.',
    }),
  );

export const mcpReplySchema = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number(), z.null()]),
    result: z.optional(z.record(z.string(), z.unknown())),
    error: z.optional(z.object({ code: z.number(), message: z.string(), data: z.optional(z.unknown()) })),
  })
  .check(z.meta({ description: 'The JSON-RPC reply: `result`, or `error` with its code and message.' }));
