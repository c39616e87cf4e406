import * as z from './validation/zod';

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
