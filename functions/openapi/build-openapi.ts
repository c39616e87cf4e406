import { httpRoutes } from '#contract/routes';
import { DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE } from '#shared/api-keys';
import { MAX_API_REQUEST_BODY_BYTES } from '#shared/api-limits';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_HOURS,
} from '#shared/generation-jobs';
import {
  DOCUMENTATION_PATH,
  MAX_PREFER_WAIT_SECONDS,
  PUBLIC_API_CONTACT_NAME,
  PUBLIC_API_LICENSE,
  PUBLIC_API_TAG_DESCRIPTIONS,
  PUBLIC_API_TAGS,
  PUBLIC_API_TITLE,
  PUBLIC_API_VERSION,
} from '#shared/public-api';
import {
  acceptedJobSchema,
  apiErrorSchema,
  budgetExceededErrorSchema,
  jobOfTool,
  PUBLIC_ENDPOINTS,
  PUBLIC_JOB_RESULTS,
  type PublicEndpoint,
  type PublicJobTool,
} from '#shared/public-api-schemas';
import { jsonSchema } from './json-schema';

/**
 * The OpenAPI 3.1 document of the public API, generated from the zod schemas of
 * shared/public-api-schemas.ts: the schemas that validate the requests, and the schemas whose types the
 * server builds its replies with (shared/job-results.ts, the tools' result schemas). zod 4's JSON Schema
 * output targets draft 2020-12, the dialect of OpenAPI 3.1. Nothing here restates a field by hand.
 */

type JsonObject = Record<string, unknown>;

const json = (schema: JsonObject, example?: unknown) => ({
  'application/json': example === undefined ? { schema } : { schema, example },
});

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string, headers?: JsonObject) => ({
  description,
  content: json(schemaRef('Error')),
  ...(headers ? { headers } : {}),
});
const retryAfter = (description: string) => ({
  'Retry-After': { description, schema: { type: 'integer' } },
});

/** The key's quota on every reply to a key (draft-ietf-httpapi-ratelimit-headers). */
const rateLimitHeaders = {
  'RateLimit-Policy': {
    description: 'The key’s quota: `"key";q=<requests>;w=<seconds>`.',
    schema: { type: 'string', example: '"key";q=60;w=60' },
  },
  RateLimit: {
    description: 'What is left of it: `"key";r=<remaining>;t=<seconds until it refills>`.',
    schema: { type: 'string', example: '"key";r=59;t=42' },
  },
};

const componentResponses = {
  BadRequest: errorResponse('The body is not valid JSON or fails validation; `message` names the field.'),
  Unauthorized: errorResponse(
    'No credentials, credentials of another scheme (`Basic …`), an empty `Bearer`, an expired or invalid sign-in token, or an invalid, deactivated or deleted key.',
    {
      'WWW-Authenticate': {
        description:
          '`Bearer realm="LBM Studio"`, with `error="invalid_token"` when the credentials sent are not valid.',
        schema: { type: 'string' },
      },
    },
  ),
  NotFound: errorResponse('No such resource, or one the key’s owner cannot see (the two look the same).'),
  PayloadTooLarge: errorResponse(
    `The request body is over the limit: ${MAX_API_REQUEST_BODY_BYTES / 1024 / 1024} MB for any request, 2 MB of JSON for most endpoints.`,
  ),
  UnsupportedMediaType: errorResponse(
    'The body was sent as something other than JSON (`text/plain`, a form): send it with `Content-Type: application/json`.',
  ),
  TooManyRequests: errorResponse(
    'The key used up its budget for this minute, or the user has as many generations running as one person may.',
    { ...retryAfter('Seconds until the budget refills.'), ...rateLimitHeaders },
  ),
  BudgetExceeded: {
    description:
      'The client named by `clientId` has used its monthly budget, or has no room left for this job’s estimate: the job was refused before it started, and counts against nothing. The message says which. An admin can raise the budget or allow one more job.',
    content: json(schemaRef('BudgetExceededError')),
  },
  JobNotQueued: errorResponse(
    'The job could not be queued, so it has not started and counts against nothing. Try again; the same `Idempotency-Key` sends that job again.',
    retryAfter('Seconds to wait before trying again.'),
  ),
};

const responseRef = (name: keyof typeof componentResponses) => ({ $ref: `#/components/responses/${name}` });

/** operationId of GET /jobs/{jobId}, as operationId() names it. */
const JOB_STATUS_OPERATION = 'getJobsJobId';

/** `client-content` → `ClientContentJob`: the component name of a documented tool's job. */
const jobComponentName = (tool: string) =>
  `${tool.replace(/(^|-)(\w)/g, (_match, _dash: string, letter: string) => letter.toUpperCase())}Job`;

const PUBLIC_TOOLS = Object.keys(PUBLIC_JOB_RESULTS) as PublicJobTool[];

/**
 * The job schemas: one per tool, its `tool` a constant and its `result` that tool's. `Job` is exactly
 * one of them, told apart by `tool`: a job whose result drifted from its tool's schema matches none, so
 * a strict client (and the contract test) notices.
 */
function jobComponents(): Record<string, JsonObject> {
  const components: Record<string, JsonObject> = {};
  for (const tool of PUBLIC_TOOLS) components[jobComponentName(tool)] = jsonSchema(jobOfTool(tool), 'output');
  components.Job = {
    description: 'A generation job: its `result` has the shape of its `tool`.',
    oneOf: PUBLIC_TOOLS.map((tool) => schemaRef(jobComponentName(tool))),
    discriminator: {
      propertyName: 'tool',
      mapping: Object.fromEntries(
        PUBLIC_TOOLS.map((tool) => [tool, `#/components/schemas/${jobComponentName(tool)}`]),
      ),
    },
  };
  return components;
}

function operationId(endpoint: PublicEndpoint): string {
  const words = endpoint.path.replace(/[{}]/g, '').split(/[/-]/).filter(Boolean);
  return [endpoint.method, ...words]
    .map((word, index) => (index === 0 ? word : word[0]?.toUpperCase() + word.slice(1)))
    .join('');
}

/** Query parameters from the zod object the handler validates with, each described by its own meta. */
function queryParameters(endpoint: PublicEndpoint): JsonObject[] {
  if (!endpoint.query) return [];
  const schema = jsonSchema(endpoint.query, 'output');
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: false,
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

/** The replies of a generation endpoint: 202 with the status URL, or 200 with its tool's finished job. */
function jobResponses(tool: PublicJobTool): JsonObject {
  return {
    '200': {
      description: 'With `Prefer: wait=N`: the job finished in time (succeeded or failed).',
      headers: {
        'Preference-Applied': { description: 'The wait that was honoured.', schema: { type: 'string' } },
      },
      content: json(schemaRef(jobComponentName(tool))),
    },
    '202': {
      description: 'Queued. Poll `statusUrl` (GET /jobs/{jobId}) until the job has finished.',
      headers: { Location: { description: 'The status URL.', schema: { type: 'string' } } },
      content: json(jsonSchema(acceptedJobSchema, 'output')),
      // The polling flow in OpenAPI's own terms: the job id of this reply feeds GET /jobs/{jobId}.
      links: {
        JobStatus: {
          operationId: JOB_STATUS_OPERATION,
          parameters: { jobId: '$response.body#/jobId' },
          description: 'Poll the job until `status` is `succeeded` or `failed`.',
        },
      },
    },
  };
}

/**
 * Whether the endpoint can answer 404: a path naming something, or a body or query that may name a
 * client.
 */
const mayNotFind = (endpoint: PublicEndpoint) =>
  endpoint.path.includes('{') ||
  endpoint.jobTool !== undefined ||
  endpoint.path === '/media/sign' ||
  (endpoint.query !== undefined && 'clientId' in endpoint.query.def.shape);

/** A CSV reply's schema: text whose first line is the documented header row, so a missing column fails. */
function csvReplySchema(csv: NonNullable<PublicEndpoint['csvReply']>): JsonObject {
  const header = csv.columns.map((column) => column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(',');
  return {
    type: 'string',
    description: `${csv.description} Columns: ${csv.columns.map((column) => `\`${column}\``).join(', ')}.`,
    pattern: `^${header}(\\r?\\n|$)`,
  };
}

/** The 400 of an endpoint whose refusal may carry more than the Error shape (a batch's row problems). */
function badRequestResponse(endpoint: PublicEndpoint): JsonObject {
  if (!endpoint.badRequest) return responseRef('BadRequest');
  return {
    description: endpoint.badRequest.description,
    content: json({ anyOf: [schemaRef('Error'), jsonSchema(endpoint.badRequest.schema, 'output')] }),
  };
}

/** The endpoint's description, and the scope a key needs for it (contract/routes.ts). */
function withScope(endpoint: PublicEndpoint): string {
  const route = httpRoutes.find(
    (candidate) =>
      candidate.method === endpoint.method.toUpperCase() && candidate.path === `/api${endpoint.path}`,
  );
  if (!route?.scope) return endpoint.description;
  return `${endpoint.description}\n\nA key needs the \`${route.scope}\` scope.`;
}

function operation(endpoint: PublicEndpoint): JsonObject {
  const responses: JsonObject = endpoint.jobTool ? jobResponses(endpoint.jobTool) : {};
  if (endpoint.response && !endpoint.response.schema) {
    responses[String(endpoint.response.status)] = { description: 'Done; no content.' };
  } else if (endpoint.response?.schema) {
    const { status, schema, examples } = endpoint.response;
    const content = json(endpoint.path === '/jobs/{jobId}' ? schemaRef('Job') : jsonSchema(schema, 'output'));
    responses[String(status)] = {
      description: status === 202 ? 'Accepted: the work continues after the reply.' : 'OK',
      content: {
        ...(examples ? { 'application/json': { ...content['application/json'], examples } } : content),
        ...(endpoint.csvReply ? { 'text/csv': { schema: csvReplySchema(endpoint.csvReply) } } : {}),
      },
    };
  }
  if (endpoint.redirect) {
    responses['302'] = {
      description: endpoint.redirect.description,
      headers: { Location: { description: 'The download link.', schema: { type: 'string' } } },
    };
  }
  if (endpoint.request || endpoint.query || endpoint.pathParameters)
    responses['400'] = badRequestResponse(endpoint);
  if (!endpoint.public) responses['401'] = responseRef('Unauthorized');
  if (endpoint.jobTool) responses['402'] = responseRef('BudgetExceeded');
  if (endpoint.forbidden) responses['403'] = errorResponse(endpoint.forbidden);
  if (mayNotFind(endpoint)) responses['404'] = responseRef('NotFound');
  // Any request may meet the edge's body limit (infra/api-edge-guard.ts), a route's own lower one too.
  responses['413'] = responseRef('PayloadTooLarge');
  if (endpoint.request) responses['415'] = responseRef('UnsupportedMediaType');
  if (endpoint.notModified) {
    responses['304'] = {
      description: endpoint.notModified,
      headers: { ETag: { description: 'The same ETag.', schema: { type: 'string' } } },
    };
  }
  if (endpoint.conflict) responses['409'] = errorResponse(endpoint.conflict);
  if (takesIdempotencyKey(endpoint)) {
    const reused =
      '`idempotency_key_reused`: the `Idempotency-Key` was used for another operation in the last day' +
      (endpoint.jobTool
        ? '.'
        : '; `idempotency_key_in_use`: the first request with it is still being handled.');
    responses['409'] = errorResponse(endpoint.conflict ? `${endpoint.conflict} Or ${reused}` : reused);
    responses['422'] = errorResponse(
      '`idempotency_key_mismatch`: the `Idempotency-Key` was used with another request body in the last day. Send the same body to get the first reply, or a new key.',
    );
  }
  if (!endpoint.public) responses['429'] = responseRef('TooManyRequests');
  else if (endpoint.rateLimited) {
    responses['429'] = errorResponse(endpoint.rateLimited, retryAfter('Seconds until the budget refills.'));
  }
  if (endpoint.jobTool) responses['503'] = responseRef('JobNotQueued');
  const parameters: JsonObject[] = [];
  for (const [, name] of endpoint.path.matchAll(/\{(\w+)\}/g)) {
    const own = name === undefined ? undefined : endpoint.pathParameters?.[name];
    if (!own) {
      parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
      continue;
    }
    const { description, ...schema } = jsonSchema(own, 'input');
    parameters.push({
      name,
      in: 'path',
      required: true,
      ...(typeof description === 'string' ? { description } : {}),
      schema,
    });
  }
  parameters.push(...queryParameters(endpoint));
  if (endpoint.jobTool) parameters.push({ $ref: '#/components/parameters/Prefer' });
  if (takesIdempotencyKey(endpoint)) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  return {
    operationId: operationId(endpoint),
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: withScope(endpoint),
    ...(endpoint.public ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.request
      ? {
          requestBody: {
            required: true,
            content: {
              ...json(jsonSchema(endpoint.request, 'input'), endpoint.example),
              ...(endpoint.csvRequest
                ? {
                    'text/csv': {
                      schema: { type: 'string', description: endpoint.csvRequest.description },
                      example: endpoint.csvRequest.example,
                    },
                  }
                : {}),
            },
          },
        }
      : {}),
    responses,
    ...(endpoint.jobTool
      ? { 'x-polling': { statusOperation: JOB_STATUS_OPERATION, until: ['succeeded', 'failed'] } }
      : {}),
  };
}

/** A generation, or a creating POST the route table marks `idempotent` (functions/idempotency/). */
function takesIdempotencyKey(endpoint: PublicEndpoint): boolean {
  return (
    endpoint.jobTool !== undefined ||
    httpRoutes.some(
      (route) =>
        route.idempotent !== undefined &&
        route.method === endpoint.method.toUpperCase() &&
        route.path === `/api${endpoint.path}`,
    )
  );
}

/** An endpoint is documented only once the route table serves it, so the document never promises more. */
export function isServed(endpoint: PublicEndpoint): boolean {
  return httpRoutes.some(
    (route) => route.method === endpoint.method.toUpperCase() && route.path === `/api${endpoint.path}`,
  );
}

/** Where the document is served: its contact is this deployment's Documentation page. */
export interface DocumentContext {
  readonly origin: string;
}

export function buildOpenApiDocument(
  endpoints: readonly PublicEndpoint[] = PUBLIC_ENDPOINTS,
  context: DocumentContext = { origin: 'http://localhost:3000' },
): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const endpoint of endpoints.filter(isServed)) {
    const item = paths[endpoint.path] ?? {};
    item[endpoint.method] = operation(endpoint);
    paths[endpoint.path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: PUBLIC_API_TITLE,
      version: PUBLIC_API_VERSION,
      license: PUBLIC_API_LICENSE,
      contact: { name: PUBLIC_API_CONTACT_NAME, url: `${context.origin}${DOCUMENTATION_PATH}` },
      description: [
        'Generate content and manage clients from your own code.',
        'Authenticate with `Authorization: Bearer lbm_…` (an API key from the API Keys page) or a login token.',
        `A key acts with its owner's access. Each key may make ${DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE} requests a minute by default; past that the API answers 429 with Retry-After. Every reply to a key carries its quota in the IETF draft's \`RateLimit-Policy\` (\`"key";q=60;w=60\`) and \`RateLimit\` (\`"key";r=59;t=42\`: requests left, seconds until the window refills) fields, and every reply names its request in \`X-Request-Id\`: quote it when you report a problem.`,
        `Generation is asynchronous: POST answers 202 {jobId, statusUrl}; poll statusUrl, or send \`Prefer: wait=N\` (N ≤ ${MAX_PREFER_WAIT_SECONDS}).`,
        'Every list is paged the same way: `limit` and `cursor` in the query, and the reply’s `next_cursor` (null on the last page) is the next request’s `cursor`. A cursor is opaque; it stays good as long as the item it follows exists.',
        'Every error has the body `{"error": {"code", "message"}}`. Every route an API key may call is in this document, with the scope a key needs for it (`read`, `generate`, `publish` or `admin`, chosen when the key is made; a call outside them answers 403 `insufficient_scope` naming the scope, and a key past its expiry 401); the app’s other routes (its API keys, its administration, its sign-in) answer 403 to a key. A path this API does not have answers 404, and a method a path does not take 405 with `Allow`.',
      ].join('\n\n'),
    },
    servers: [{ url: '/api', description: 'This deployment' }],
    security: [{ bearerAuth: [] }],
    tags: PUBLIC_API_TAGS.map((name) => ({ name, description: PUBLIC_API_TAG_DESCRIPTIONS[name] })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An `lbm_` API key, or a login (Cognito ID) token.',
        },
      },
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_KEY_HEADER,
          in: 'header',
          required: false,
          description: `Makes the POST safe to retry: for ${IDEMPOTENCY_KEY_TTL_HOURS} hours, the same key with the same request answers the first reply (a generation's same job, created and counted once; a created client, batch, post, review or statement link, webhook, test event or redelivery, with \`Idempotent-Replayed: true\`; a reply that holds a secret shown once is kept sealed, never in the clear); the same key with another body answers 422, on another operation 409, and while its first request is still being handled 409. A request that fails frees its key. Keys are per user: 8 to 64 letters, digits, \`-\` or \`_\`.`,
          schema: {
            type: 'string',
            pattern: IDEMPOTENCY_KEY_PATTERN.source,
            example: 'order-4711-newsletter',
          },
        },
        Prefer: {
          name: 'Prefer',
          in: 'header',
          required: false,
          description: `\`wait=N\` (N ≤ ${MAX_PREFER_WAIT_SECONDS}): wait up to N seconds for the job and answer 200 with it.`,
          schema: { type: 'string', pattern: '^wait=\\d+$', example: 'wait=20' },
        },
      },
      schemas: {
        Error: jsonSchema(apiErrorSchema, 'output'),
        BudgetExceededError: jsonSchema(budgetExceededErrorSchema, 'output'),
        ...jobComponents(),
      },
      responses: componentResponses,
    },
  };
}
