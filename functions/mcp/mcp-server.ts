import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { PUBLIC_API_TITLE, PUBLIC_API_VERSION } from '#shared/public-api';
import { type ApiCaller, type ApiReply, callApi, callTool } from './api-call';
import { MCP_TOOLS, mcpToolNamed } from './mcp-tools';

/**
 * The MCP server of one request (docs/architecture.md, "MCP server"): the official SDK's server over its
 * web-standard Streamable HTTP transport, stateless (no session: any function instance answers any
 * request) and answering in JSON rather than an event stream, since API Gateway's HTTP API neither
 * streams nor holds a request past 30 s. A generation therefore answers its finished job when it takes
 * under GENERATION_WAIT_SECONDS, and otherwise its job as it stands, which `get_job` reads on.
 */

const CLIENT_URI = 'lbm://clients/{clientId}';
const ITEM_URI = 'lbm://clients/{clientId}/content/{contentId}';
const URI = /^lbm:\/\/clients\/([^/]+)(?:\/content\/([^/]+))?$/;
/** Clients listed per page of resources/list. */
const RESOURCE_PAGE = 50;

export const MCP_INSTRUCTIONS = `${PUBLIC_API_TITLE}: AI marketing content for an agency's clients. Find a client with list_clients (or read lbm://clients/{clientId}), generate with a generate_* tool for that clientId, read a job with get_job until it has succeeded or failed, then read what was saved (with saveToClient) in the client's library (list_library, get_library_item), send it to the client for approval (send_for_review) and publish it (list_channels, publish_item). Every call acts with the connecting API key's access and scopes.`;

function resultOf(reply: ApiReply): CallToolResult {
  const body = reply.body;
  const content: CallToolResult['content'] = [
    { type: 'text', text: typeof body === 'string' ? body : JSON.stringify(body, null, 2) },
  ];
  const job = body as { jobId?: string; status?: string } | null;
  if (reply.status === 202 && job?.jobId) {
    content.push({
      type: 'text',
      text: `The job is ${job.status ?? 'queued'}: call get_job with jobId ${job.jobId} to read its progress and result.`,
    });
  }
  const structured = typeof body === 'object' && body !== null && !Array.isArray(body);
  return {
    content,
    ...(structured ? { structuredContent: body as Record<string, unknown> } : {}),
    ...(reply.status >= 400 ? { isError: true } : {}),
  };
}

function serverFor(caller: ApiCaller): Server {
  const server = new Server(
    { name: 'lbm-studio', title: PUBLIC_API_TITLE, version: PUBLIC_API_VERSION },
    { capabilities: { tools: {}, resources: {} }, instructions: MCP_INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: MCP_TOOLS.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: { readOnlyHint: tool.endpoint.method === 'get', openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = mcpToolNamed(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `No tool is named ${request.params.name}`);
    return resultOf(await callTool(caller, tool, request.params.arguments ?? {}, extra.signal));
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: CLIENT_URI,
        name: 'client',
        title: 'Client profile',
        description: 'A client’s whole profile: business details, brand voice and instructions.',
        mimeType: 'application/json',
      },
      {
        uriTemplate: ITEM_URI,
        name: 'library-item',
        title: 'Library item',
        description: 'One item of a client’s library: its content, type, status and metadata.',
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const query = new URLSearchParams({ limit: String(RESOURCE_PAGE) });
    if (request.params?.cursor) query.set('cursor', request.params.cursor);
    const reply = await callApi(caller, 'get', '/api/clients', { query });
    if (reply.status !== 200) throw new McpError(ErrorCode.InternalError, JSON.stringify(reply.body));
    const page = reply.body as { clients: { id: string; name: string }[]; next_cursor: string | null };
    return {
      resources: page.clients.map((client) => ({
        uri: CLIENT_URI.replace('{clientId}', client.id),
        name: client.name,
        mimeType: 'application/json',
      })),
      ...(page.next_cursor ? { nextCursor: page.next_cursor } : {}),
    };
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const [, clientId, contentId] = URI.exec(request.params.uri) ?? [];
    if (!clientId)
      throw new McpError(ErrorCode.InvalidParams, `Not a resource of this server: ${request.params.uri}`);
    const path = contentId ? `/api/clients/${clientId}/content/${contentId}` : `/api/clients/${clientId}`;
    const reply = await callApi(caller, 'get', path);
    // MCP's own code for a resource that does not exist (the specification's "Resources", "Error Handling").
    if (reply.status === 404) throw new McpError(-32002, 'Resource not found', { uri: request.params.uri });
    if (reply.status !== 200) throw new McpError(ErrorCode.InvalidRequest, JSON.stringify(reply.body));
    return {
      contents: [
        { uri: request.params.uri, mimeType: 'application/json', text: JSON.stringify(reply.body, null, 2) },
      ],
    };
  });
  return server;
}

/** Answers one Streamable HTTP request (a JSON-RPC message or batch, already parsed) as the SDK does. */
export async function answerMcpRequest(
  caller: ApiCaller,
  request: Request,
  parsedBody: unknown,
): Promise<Response> {
  const server = serverFor(caller);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody });
  } finally {
    await server.close();
  }
}
