import { GENERATION_WAIT_SECONDS, type McpTool } from './mcp-tools';

/**
 * One call of the public API on behalf of an MCP request: to the API that received the request, with
 * the request's own credentials, so the caller gets exactly what a direct call gets (its scopes, the
 * client access checks, budgets, rate limit and error replies).
 */

export interface ApiCaller {
  /** The API's own origin (mcp-origin.ts): never a host the request named. */
  readonly apiOrigin: string;
  /** The app's origin, for links the API hands out (a review or statement link). */
  readonly appOrigin: string;
  readonly authorization: string;
  readonly requestId: string;
  /** What lets the call through the API's authorizer (mcp-origin.ts). */
  readonly originHeaders: Readonly<Record<string, string>>;
}

export interface ApiReply {
  readonly status: number;
  readonly body: unknown;
}

type Arguments = Readonly<Record<string, unknown>>;

/** A query value as the API reads it: strings as they are, anything else as JSON. */
const queryValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The request the tool's operation makes with these arguments: path and query from theirs, the rest the body. */
export function requestOf(
  tool: McpTool,
  args: Arguments,
): { path: string; query: URLSearchParams; body?: Arguments } {
  let path = `/api${tool.endpoint.path}`;
  for (const name of tool.pathParameters) {
    path = path.replace(`{${name}}`, encodeURIComponent(String(args[name] ?? '')));
  }
  const query = new URLSearchParams();
  for (const name of tool.queryParameters) {
    if (args[name] !== undefined && args[name] !== null) query.set(name, queryValue(args[name]));
  }
  if (!tool.endpoint.request) return { path, query };
  const taken = new Set([...tool.pathParameters, ...tool.queryParameters]);
  const body = Object.fromEntries(Object.entries(args).filter(([name]) => !taken.has(name)));
  return { path, query, body };
}

export async function callApi(
  caller: ApiCaller,
  method: string,
  path: string,
  options: { query?: URLSearchParams; body?: unknown; waitSeconds?: number; signal?: AbortSignal } = {},
): Promise<ApiReply> {
  const search = options.query && [...options.query].length > 0 ? `?${options.query}` : '';
  const reply = await fetch(`${caller.apiOrigin}${path}${search}`, {
    method: method.toUpperCase(),
    headers: {
      ...caller.originHeaders,
      authorization: caller.authorization,
      accept: 'application/json',
      origin: caller.appOrigin,
      'user-agent': `lbm-studio-mcp (request ${caller.requestId})`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.waitSeconds ? { prefer: `wait=${options.waitSeconds}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    redirect: 'manual',
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await reply.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON (a CSV or an HTML error page): the text is the answer.
  }
  return { status: reply.status, body };
}

/** A tool's call: its operation with the agent's arguments (a generation waits for its job a while). */
export function callTool(caller: ApiCaller, tool: McpTool, args: Arguments, signal?: AbortSignal) {
  const { path, query, body } = requestOf(tool, args);
  return callApi(caller, tool.endpoint.method, path, {
    query,
    ...(body === undefined ? {} : { body }),
    ...(tool.endpoint.jobTool ? { waitSeconds: GENERATION_WAIT_SECONDS } : {}),
    ...(signal ? { signal } : {}),
  });
}
