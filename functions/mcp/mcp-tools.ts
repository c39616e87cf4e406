import { isServed } from '#functions/openapi/build-openapi';
import { type JsonObject, jsonSchema } from '#functions/openapi/json-schema';
import { MCP_OPERATIONS } from '#shared/mcp';
import { MCP_GENERATION_WAIT_SECONDS } from '#shared/public-api';
import { DIRECT_TOOL_ENDPOINTS, PUBLIC_ENDPOINTS, type PublicEndpoint } from '#shared/public-api-schemas';

/**
 * The MCP server's tools, each one operation of the public API (shared/public-api-schemas.ts) with the
 * same schema, description and validation: an agent calls the API through them with the key it
 * connected with, so scopes, budgets, rate limits and errors are the API's own (docs/architecture.md,
 * "MCP server"). Every generation tool and every tool that answers at once is offered, named after its
 * path (`/generate-newsletter` → `generate_newsletter`), and the operations MCP_OPERATIONS names
 * (shared/mcp.ts).
 */

/** How long a generation tool waits for its job before it answers the job's handle (`Prefer: wait`). */
export const GENERATION_WAIT_SECONDS = MCP_GENERATION_WAIT_SECONDS;

export interface McpTool {
  readonly name: string;
  readonly endpoint: PublicEndpoint;
  readonly description: string;
  /** A JSON Schema object: the path's parameters, the query's and the body's fields, side by side. */
  readonly inputSchema: JsonObject & { readonly type: 'object' };
  readonly pathParameters: readonly string[];
  readonly queryParameters: readonly string[];
}

/** JSON Schema's conditional keywords, which a request schema may use beside `required`. */
const CONDITIONAL_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'if', 'then', 'else'] as const;

const nameOfPath = (path: string) => path.replace(/^\//, '').replace(/[-/]/g, '_');

function inputSchemaOf(endpoint: PublicEndpoint, pathParameters: readonly string[], query: JsonObject) {
  const body = endpoint.request ? jsonSchema(endpoint.request, 'input') : {};
  const properties: Record<string, unknown> = {
    ...Object.fromEntries(
      pathParameters.map((name) => [name, { type: 'string', description: `The ${name} of the path.` }]),
    ),
    ...query,
    ...((body.properties as JsonObject | undefined) ?? {}),
  };
  const required = [...pathParameters, ...((body.required as string[] | undefined) ?? [])];
  // A body's conditional requirements (a URL or a topic, whichever its input type needs) stay as written.
  const conditions = Object.fromEntries(
    CONDITIONAL_KEYWORDS.filter((keyword) => body[keyword] !== undefined).map((keyword) => [
      keyword,
      body[keyword],
    ]),
  );
  return { type: 'object' as const, properties, ...(required.length > 0 ? { required } : {}), ...conditions };
}

function toolOf(name: string, endpoint: PublicEndpoint): McpTool {
  const pathParameters = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  // The query's fields, converted once: the input schema lists them, the call puts them in the query.
  const query = endpoint.query
    ? ((jsonSchema(endpoint.query, 'input').properties as JsonObject | undefined) ?? {})
    : {};
  const inputSchema = inputSchemaOf(endpoint, pathParameters, query);
  const queryParameters = Object.keys(query);
  const handle = endpoint.jobTool
    ? ` Waits up to ${GENERATION_WAIT_SECONDS} s for the job: a job still queued or running is answered as it stands, with its jobId for get_job.`
    : '';
  return {
    name,
    endpoint,
    description: `${endpoint.summary}. ${endpoint.description}${handle}`,
    inputSchema,
    pathParameters,
    queryParameters,
  };
}

function endpointOf(method: PublicEndpoint['method'], path: string): PublicEndpoint {
  const endpoint = PUBLIC_ENDPOINTS.find((entry) => entry.method === method && entry.path === path);
  if (!endpoint)
    throw new Error(`The MCP tools name ${method.toUpperCase()} ${path}, which the API does not document`);
  return endpoint;
}

/** One endpoint per generation tool: the first the document lists (the app's own route is a second). */
function generationEndpoints(): PublicEndpoint[] {
  const seen = new Set<string>();
  return PUBLIC_ENDPOINTS.filter((endpoint) => {
    if (!endpoint.jobTool || seen.has(endpoint.jobTool)) return false;
    seen.add(endpoint.jobTool);
    return true;
  });
}

/** Every tool the server lists, in the order an agent reads them: making, then finding and acting. */
export const MCP_TOOLS: readonly McpTool[] = [
  ...[...generationEndpoints(), ...DIRECT_TOOL_ENDPOINTS]
    .filter(isServed)
    .map((endpoint) => toolOf(nameOfPath(endpoint.path), endpoint)),
  ...Object.entries(MCP_OPERATIONS).map(([name, [method, path]]) => toolOf(name, endpointOf(method, path))),
];

export const mcpToolNamed = (name: string): McpTool | undefined =>
  MCP_TOOLS.find((tool) => tool.name === name);
