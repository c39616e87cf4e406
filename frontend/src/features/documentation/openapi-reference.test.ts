import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '#functions/openapi/build-openapi';
import {
  endpointsByTag,
  hasPreferWait,
  type OpenApiDocument,
  queryFields,
  requestFields,
  responseExamples,
  responseFields,
  responseList,
  typeLabel,
} from './openapi-reference';

/** The reference is read from the server's own document, so the page cannot drift from the API. */
const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as OpenApiDocument;

describe('the endpoint reference', () => {
  it('puts every operation under its tab', () => {
    const groups = endpointsByTag(document);
    const paths = (tab: keyof typeof groups) =>
      groups[tab].map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(paths('Content')).toEqual([
      'POST /generate-content',
      'POST /generate-client-content',
      'POST /rewrite-blog',
      'POST /generate-newsletter',
      'POST /generate-press-release',
      'POST /generate-faq',
      'POST /generate-social-content',
      'POST /generate-gbp-post',
      'POST /generate-multi-platform',
      'GET /batches',
      'POST /batches',
      'GET /batches/{batchId}',
      'POST /batches/{batchId}/cancel',
      'POST /batches/{batchId}/retry-failed',
      // A review link's page and decision: the content a client approves.
      'GET /reviews/{token}',
      'POST /reviews/{token}/decision',
    ]);
    expect(paths('Clients')).toEqual([
      'GET /clients',
      'POST /clients',
      'PATCH /clients/{clientId}',
      'GET /clients/{clientId}',
      // A client's library, read with a key too.
      'GET /clients/{clientId}/content',
      // Sending an item to the client for review.
      'POST /clients/{clientId}/content/{contentId}/reviews',
      'GET /clients/{clientId}/content/{contentId}',
      'PUT /clients/{clientId}/budget',
      'GET /clients/{clientId}/statements/{month}',
      'POST /clients/{clientId}/content/{contentId}/approvals/override',
      'POST /clients/{clientId}/statements/{month}/links',
      'PUT /clients/{clientId}/billing',
      // A client's publishing channels and its items' posts to them.
      'GET /clients/{clientId}/connections',
      'DELETE /clients/{clientId}/connections/{connectionId}',
      'GET /clients/{clientId}/content/{contentId}/publications',
      'POST /clients/{clientId}/content/{contentId}/publications',
      'GET /clients/{clientId}/content/{contentId}/publications/{publicationId}',
      'DELETE /clients/{clientId}/content/{contentId}/publications/{publicationId}',
      'POST /clients/{clientId}/content/{contentId}/publications/{publicationId}/retry',
      'POST /clients/{clientId}/content/{contentId}/publications/{publicationId}/reschedule',
    ]);
    expect(paths('Other')).toEqual(
      expect.arrayContaining([
        'POST /fetch-content',
        'GET /jobs/{jobId}',
        'GET /usage',
        'GET /usage/jobs',
        'GET /health',
        'POST /mcp',
      ]),
    );
    expect(paths('Images')).toEqual([
      'POST /generate-image',
      'POST /generate-gbp-image',
      'POST /generate-social-image',
      'POST /analyze-image',
      'POST /resize-image',
      'POST /media/uploads',
    ]);
  });

  it('lists the request fields with their types, defaults and required flags', () => {
    const newsletter = endpointsByTag(document).Content.find(
      (endpoint) => endpoint.path === '/generate-newsletter',
    );
    const fields = requestFields(newsletter?.operation ?? {});
    expect(fields.find((field) => field.name === 'includeHeader')).toMatchObject({
      type: 'boolean',
      defaultValue: 'true',
      required: false,
    });
    expect(fields.find((field) => field.name === 'model')?.type).toMatch(/^one of \d+ values$/);
    const client = endpointsByTag(document).Clients.find((endpoint) => endpoint.method === 'POST');
    expect(requestFields(client?.operation ?? {}).find((field) => field.name === 'name')?.required).toBe(
      true,
    );
  });

  it('lists the query parameters of the client list with their defaults and descriptions', () => {
    const listing = endpointsByTag(document).Clients.find((endpoint) => endpoint.method === 'GET');
    const parameters = queryFields(listing?.operation ?? {});
    expect(parameters.map((parameter) => parameter.name)).toEqual(['limit', 'cursor', 'fields', 'search']);
    expect(parameters[0]).toMatchObject({ type: 'integer', defaultValue: '50', required: false });
    expect(parameters[1]?.description).toContain('next_cursor');
    expect(parameters[3]).toMatchObject({ type: 'string', required: false });
    expect(parameters[3]?.description).toContain('ignoring case');
    const creating = endpointsByTag(document).Clients.find((endpoint) => endpoint.method === 'POST');
    expect(queryFields(creating?.operation ?? {})).toEqual([]);
  });

  it('resolves shared replies such as 429', () => {
    const listing = endpointsByTag(document).Clients[0];
    const replies = responseList(document, listing?.operation ?? {});
    expect(replies.map((reply) => reply.status)).toEqual(['200', '400', '401', '413', '429']);
    expect(replies.find((reply) => reply.status === '429')?.description).toContain('budget');
  });

  it('lists the response fields: a generation’s job with its tool’s result, a client, the list’s page', () => {
    const groups = endpointsByTag(document);
    const newsletter = groups.Content.find((endpoint) => endpoint.path === '/generate-newsletter');
    const job = responseFields(document, newsletter?.operation ?? {});
    expect(job?.status).toBe('200');
    const names = job?.fields.map((field) => field.name) ?? [];
    expect(names).toEqual(
      expect.arrayContaining(['id', 'status', 'result', 'result.generatedHtml', 'result.notice', 'error']),
    );
    expect(job?.fields.find((field) => field.name === 'result.notice')?.description).toMatch(/offline draft/);
    const image = groups.Images[0];
    expect(responseFields(document, image?.operation ?? {})?.fields.map((field) => field.name)).toContain(
      'result.images[].url',
    );
    const create = groups.Clients.find((endpoint) => endpoint.method === 'POST');
    expect(responseFields(document, create?.operation ?? {})).toMatchObject({
      status: '201',
      fields: expect.arrayContaining([
        expect.objectContaining({ name: 'wordpress_configured', type: 'boolean' }),
      ]),
    });
    const polling = groups.Other.find((endpoint) => endpoint.path === '/jobs/{jobId}');
    expect(responseExamples(polling?.operation ?? {}).map((example) => example.summary)).toEqual([
      'A finished newsletter',
      'A job whose source could not be read',
    ]);
  });

  it('marks the generation endpoints as taking Prefer: wait', () => {
    const groups = endpointsByTag(document);
    const generations = groups.Content.filter(
      (endpoint) => !endpoint.path.startsWith('/batches') && !endpoint.path.startsWith('/reviews'),
    );
    expect(generations).toHaveLength(9);
    expect(generations.every((endpoint) => hasPreferWait(endpoint.operation))).toBe(true);
    // A batch is not one job: it is polled with GET /batches/{batchId}, not waited for.
    const batches = groups.Content.filter((endpoint) => endpoint.path.startsWith('/batches'));
    expect(batches.some((endpoint) => hasPreferWait(endpoint.operation))).toBe(false);
    // The image generations are jobs; analysing and resizing answer at once.
    const images = groups.Images.filter((endpoint) => endpoint.path.startsWith('/generate-'));
    expect(images.every((endpoint) => hasPreferWait(endpoint.operation))).toBe(true);
    const direct = groups.Images.filter((endpoint) => !endpoint.path.startsWith('/generate-'));
    expect(direct.some((endpoint) => hasPreferWait(endpoint.operation))).toBe(false);
    expect(groups.Clients.some((endpoint) => hasPreferWait(endpoint.operation))).toBe(false);
  });

  it('labels types briefly', () => {
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(typeLabel({ enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(typeLabel({ type: 'array', items: { type: 'string' } })).toBe('string[]');
  });
});
