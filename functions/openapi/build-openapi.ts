import { httpRoutes } from '#infra/routes';
import { DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE } from '#shared/api-keys';
import {
  MAX_PREFER_WAIT_SECONDS,
  PUBLIC_API_TAGS,
  PUBLIC_API_TITLE,
  PUBLIC_API_VERSION,
} from '#shared/public-api';
import {
  acceptedJobSchema,
  apiErrorSchema,
  jobSchemaOf,
  PUBLIC_ENDPOINTS,
  type PublicEndpoint,
} from '#shared/public-api-schemas';
import * as z from '#shared/validation/zod';

/**
 * The OpenAPI 3.1 document of the public API, generated from the zod schemas of
 * shared/public-api-schemas.ts (zod 4's JSON Schema output targets draft 2020-12, the dialect of
 * OpenAPI 3.1). Nothing here restates a field by hand.
 */

type JsonObject = Record<string, unknown>;

/** Requests are described as clients send them (before defaults and transforms), replies as sent. */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonObject {
  const { $schema, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonObject;
  return rest;
}

const json = (schema: JsonObject, example?: unknown) => ({
  'application/json': example === undefined ? { schema } : { schema, example },
});

const errorRef = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string, headers?: JsonObject) => ({
  description,
  content: json(errorRef),
  ...(headers ? { headers } : {}),
});

const componentResponses = {
  BadRequest: errorResponse('The body is not valid JSON or fails validation; `message` names the field.'),
  Unauthorized: errorResponse('No credentials, or an invalid, deactivated or deleted key.'),
  Forbidden: errorResponse(
    'The credentials are valid but may not call this (e.g. a key on a user-only route).',
  ),
  NotFound: errorResponse('No such resource, or one the key’s owner cannot see (the two look the same).'),
  PayloadTooLarge: errorResponse('The request body is too large.'),
  TooManyRequests: errorResponse('The key used up its budget for this minute.', {
    'Retry-After': { description: 'Seconds until the budget refills.', schema: { type: 'integer' } },
  }),
  JobNotQueued: errorResponse(
    'The job could not be queued, so it has not started and counts against nothing. Try again; the same `Idempotency-Key` sends that job again.',
    { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
  ),
};

/** operationId of GET /jobs/{jobId}, as operationId() names it. */
const JOB_STATUS_OPERATION = 'getJobsJobId';

const ref = (name: keyof typeof componentResponses) => ({ $ref: `#/components/responses/${name}` });

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

function operation(endpoint: PublicEndpoint): JsonObject {
  const responses: JsonObject = {};
  if (endpoint.jobResult) {
    responses['202'] = {
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
    };
    responses['200'] = {
      description: 'With `Prefer: wait=N`: the job finished in time.',
      headers: { 'Preference-Applied': { schema: { type: 'string' } } },
      content: json(jsonSchema(jobSchemaOf(endpoint.jobResult), 'output')),
    };
  }
  if (endpoint.response) {
    responses[String(endpoint.response.status)] = {
      description: 'OK',
      content: json(jsonSchema(endpoint.response.schema, 'output')),
    };
  }
  if (endpoint.request || endpoint.query) responses['400'] = ref('BadRequest');
  if (endpoint.request) responses['413'] = ref('PayloadTooLarge');
  if (!endpoint.public) {
    responses['401'] = ref('Unauthorized');
    responses['404'] = ref('NotFound');
    responses['429'] = ref('TooManyRequests');
  }
  if (endpoint.jobResult) responses['503'] = ref('JobNotQueued');
  const parameters: JsonObject[] = [];
  for (const [, name] of endpoint.path.matchAll(/\{(\w+)\}/g)) {
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  parameters.push(...queryParameters(endpoint));
  if (endpoint.jobResult) parameters.push({ $ref: '#/components/parameters/Prefer' });
  return {
    operationId: operationId(endpoint),
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: endpoint.description,
    ...(endpoint.public ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.request
      ? {
          requestBody: {
            required: true,
            content: json(jsonSchema(endpoint.request, 'input'), endpoint.example),
          },
        }
      : {}),
    responses,
    ...(endpoint.jobResult
      ? { 'x-polling': { statusOperation: JOB_STATUS_OPERATION, until: ['succeeded', 'failed'] } }
      : {}),
  };
}

/** An endpoint is documented only once the route table serves it, so the document never promises more. */
export function isServed(endpoint: PublicEndpoint): boolean {
  return httpRoutes.some(
    (route) => route.method === endpoint.method.toUpperCase() && route.path === `/api${endpoint.path}`,
  );
}

export function buildOpenApiDocument(endpoints: readonly PublicEndpoint[] = PUBLIC_ENDPOINTS): JsonObject {
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
      description: [
        'Generate content and manage clients from your own code.',
        'Authenticate with `Authorization: Bearer lbm_…` (an API key from the API Keys page) or a login token.',
        `A key acts with its owner's access. Each key may make ${DEFAULT_API_KEY_RATE_LIMIT_PER_MINUTE} requests a minute by default; past that the API answers 429 with Retry-After.`,
        `Generation is asynchronous: POST answers 202 {jobId, statusUrl}; poll statusUrl, or send \`Prefer: wait=N\` (N ≤ ${MAX_PREFER_WAIT_SECONDS}).`,
      ].join('\n\n'),
    },
    servers: [{ url: '/api', description: 'This deployment' }],
    security: [{ bearerAuth: [] }],
    tags: PUBLIC_API_TAGS.map((name) => ({ name })),
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
        Prefer: {
          name: 'Prefer',
          in: 'header',
          required: false,
          description: `\`wait=N\` (N ≤ ${MAX_PREFER_WAIT_SECONDS}): wait up to N seconds for the job and answer 200 with it.`,
          schema: { type: 'string', pattern: '^wait=\\d+$', example: 'wait=20' },
        },
      },
      schemas: { Error: jsonSchema(apiErrorSchema, 'output') },
      responses: componentResponses,
    },
  };
}
