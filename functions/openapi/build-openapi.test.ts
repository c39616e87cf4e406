import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ruleset, Spectral, Document as SpectralDocument } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { httpRoutes } from '#contract/routes';
import { textJobFields } from '#shared/job-results';
import { PUBLIC_API_VERSION } from '#shared/public-api';
import { PUBLIC_ENDPOINTS } from '#shared/public-api-schemas';
import { faqResultSchema, newsletterResultSchema, textToSpeechResultSchema } from '#shared/tool-results';
import { blogRewriteRequestSchema } from '#shared/tools/blog-rewrite';
import { TOOL_IDS } from '#shared/tools/catalog';
import { buildOpenApiDocument, isServed } from './build-openapi';

const document = buildOpenApiDocument();

/** The value at a path of keys inside the document (undefined when absent). */
function at(...path: string[]): unknown {
  return path.reduce<unknown>(
    (current, key) =>
      typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined,
    document,
  );
}
const keysAt = (...path: string[]): string[] => Object.keys((at(...path) as object | undefined) ?? {});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, version 1.9.0', async () => {
    // The validator reads the document the way an integrator's tooling would: from a JSON file.
    const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const result = await validate(file);
    expect(result.valid, JSON.stringify(result)).toBe(true);
    expect(at('openapi')).toBe('3.1.0');
    expect(at('info', 'version')).toBe(PUBLIC_API_VERSION);
    expect(PUBLIC_API_VERSION).toBe('1.9.0');
  });

  it('documents 1.5.0’s additions: the notifications and marking them read', () => {
    const json = ['content', 'application/json', 'schema'];
    const page = ['paths', '/notifications', 'get', 'responses', '200', ...json];
    expect(keysAt(...page, 'properties')).toEqual(['items', 'unread', 'next_cursor']);
    expect(keysAt(...page, 'properties', 'items', 'items', 'properties')).toEqual([
      'id',
      'kind',
      'title',
      'clientId',
      'contentId',
      'createdAt',
      'read',
    ]);
    expect(at(...page, 'properties', 'items', 'items', 'required')).toEqual([
      'id',
      'kind',
      'title',
      'createdAt',
      'read',
    ]);
    expect(at(...page, 'properties', 'items', 'items', 'properties', 'kind', 'enum')).toEqual([
      'commented',
      'changes_requested',
      'approved',
    ]);
    const read = ['paths', '/notifications/read', 'post'];
    expect(at(...read, 'requestBody', ...json, 'required')).toEqual(['ids']);
    expect(keysAt(...read, 'responses')).toEqual(expect.arrayContaining(['200', '400', '401']));
  });

  it('documents 1.4.0’s additions: the usage filters, offline and estimated figures', () => {
    for (const path of ['/usage', '/usage/jobs']) {
      const parameters = at('paths', path, 'get', 'parameters') as {
        name: string;
        schema: { enum?: string[] };
      }[];
      const provider = parameters.find((parameter) => parameter.name === 'provider');
      expect(provider?.schema.enum, path).toEqual(['openai', 'anthropic', 'google', 'xai', 'offline']);
      expect(
        parameters.map((parameter) => parameter.name),
        path,
      ).toContain('clientId');
      expect(keysAt('paths', path, 'get', 'responses'), path).toContain('404');
    }
    const usage = ['paths', '/usage', 'get', 'responses', '200', 'content', 'application/json', 'schema'];
    expect(at(...usage, 'properties', 'rows', 'items', 'required')).toEqual(
      expect.arrayContaining(['offlineJobs', 'offlineTokens', 'estimatedJobs']),
    );
    expect(at(...usage, 'properties', 'groupBy', 'enum')).toContain('provider');
    const csv = [
      'paths',
      '/usage/jobs',
      'get',
      'responses',
      '200',
      'content',
      'text/csv',
      'schema',
      'pattern',
    ];
    expect(at(...csv)).toMatch(/,estimated,/);
  });

  it('documents 1.3.0’s additions: usage, budgets and batches, with their refusals', () => {
    const json = ['content', 'application/json', 'schema'];
    const usage = ['paths', '/usage', 'get', 'responses', '200', ...json];
    expect(at(...usage, 'required')).toEqual(expect.arrayContaining(['rows', 'totalCostUsd']));
    expect(at(...usage, 'properties', 'rows', 'items', 'required')).toEqual(
      expect.arrayContaining([
        'key',
        'label',
        'jobs',
        'inputTokens',
        'outputTokens',
        'images',
        'speechSeconds',
        'costUsd',
      ]),
    );
    const usageParameters = at('paths', '/usage', 'get', 'parameters') as { name: string }[];
    expect(usageParameters.map((parameter) => parameter.name)).toEqual([
      'from',
      'to',
      'groupBy',
      'clientId',
      'provider',
    ]);
    const jobs = ['paths', '/usage/jobs', 'get', 'responses'];
    expect(at(...jobs, '200', 'content', 'text/csv', 'schema', 'pattern')).toMatch(/^\^jobId,startedAt,/);
    expect(keysAt(...jobs)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    const budget = ['paths', '/clients/{clientId}/budget', 'put'];
    expect(keysAt(...budget, 'requestBody', 'content', 'application/json', 'schema', 'properties')).toEqual([
      'monthlyUsd',
    ]);
    expect(keysAt(...budget, 'responses')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    );
    for (const operation of [
      budget,
      ['paths', '/clients', 'post'],
      ['paths', '/clients/{clientId}', 'patch'],
    ]) {
      expect(
        at(...operation, 'responses', operation[2] === 'post' ? '201' : '200', ...json, 'required'),
      ).toEqual(expect.arrayContaining(['budget', 'monthToDateUsd']));
    }
    const create = ['paths', '/batches', 'post'];
    expect(keysAt(...create, 'requestBody', 'content')).toEqual(['application/json', 'text/csv']);
    expect(at(...create, 'responses', '201', ...json, 'required')).toEqual(
      expect.arrayContaining(['batchId', 'rows', 'estimatedCostUsd', 'offlineRows', 'expectedCostUsd']),
    );
    expect(JSON.stringify(at(...create))).toContain('dryRun');
    expect(JSON.stringify(at(...create, 'responses', '400'))).toContain('invalid_rows');
    const batch = ['paths', '/batches/{batchId}', 'get', 'responses', '200', ...json];
    expect(at(...batch, 'required')).toEqual(expect.arrayContaining(['status', 'counts', 'rows']));
    expect(keysAt(...batch, 'properties', 'rows', 'items', 'properties')).toEqual(
      expect.arrayContaining(['row', 'status', 'jobId', 'contentId', 'error', 'costUsd']),
    );
    for (const action of ['cancel', 'retry-failed']) {
      expect(keysAt('paths', `/batches/{batchId}/${action}`, 'post', 'responses')).toEqual(
        expect.arrayContaining(['200', '401', '404']),
      );
    }
    for (const path of [
      '/generate-content',
      '/rewrite-blog',
      '/generate-newsletter',
      '/generate-image',
      '/text-to-speech',
    ]) {
      expect(at('paths', path, 'post', 'responses', '402'), path).toEqual({
        $ref: '#/components/responses/BudgetExceeded',
      });
    }
    expect(
      at('components', 'schemas', 'BudgetExceededError', 'properties', 'error', 'properties', 'code'),
    ).toMatchObject({
      const: 'budget_exceeded',
    });
  });

  it('documents 1.4.0’s additions: settings, statements, links and billing', () => {
    const json = ['content', 'application/json', 'schema'];
    const statement = ['paths', '/clients/{clientId}/statements/{month}', 'get'];
    expect(at(...statement, 'responses', '200', ...json, 'required')).toEqual([
      'clientName',
      'month',
      'timeZone',
      'items',
      'jobs',
      'costUsd',
      'markupPercent',
      'billedUsd',
    ]);
    const properties = [...statement, 'responses', '200', ...json, 'properties'];
    expect(keysAt(...properties, 'items', 'items', 'properties')).toEqual([
      'contentId',
      'title',
      'tool',
      'status',
      'postUrl',
    ]);
    expect(at(...properties, 'items', 'items', 'required')).not.toContain('postUrl');
    expect(keysAt(...properties, 'jobs', 'items', 'properties')).toEqual([
      'jobId',
      'tool',
      'model',
      'provider',
      'costUsd',
    ]);
    expect(at(...statement, 'responses', '200', 'content', 'text/csv', 'schema', 'pattern')).toMatch(
      /^\^section,id,title,/,
    );
    const month = (at(...statement, 'parameters') as { name: string; schema: { pattern?: string } }[]).find(
      (parameter) => parameter.name === 'month',
    );
    expect(month?.schema.pattern).toBeDefined();
    expect(keysAt(...statement, 'responses')).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    const links = ['paths', '/clients/{clientId}/statements/{month}/links', 'post', 'responses'];
    expect(at(...links, '201', ...json, 'required')).toEqual(['url', 'expiresAt']);
    expect(keysAt(...links)).toEqual(expect.arrayContaining(['201', '400', '401', '404']));
    const billing = ['paths', '/clients/{clientId}/billing', 'put'];
    expect(keysAt(...billing, 'requestBody', 'content', 'application/json', 'schema', 'properties')).toEqual([
      'markupPercent',
    ]);
    expect(keysAt(...billing, 'responses')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    );
    expect(keysAt('paths', '/settings')).toEqual(['get', 'put']);
    expect(at('paths', '/settings', 'get', 'responses', '200', ...json, 'required')).toEqual([
      'timeZone',
      'updatedAt',
      'updatedBy',
      'agencyName',
      'logoUrl',
    ]);
    expect(keysAt('paths', '/settings', 'put', 'responses')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403']),
    );
  });

  it('lists every endpoint of the public API, each a route of the route table that accepts keys', () => {
    const listed = keysAt('paths').flatMap((path) =>
      keysAt('paths', path).map((method) => `${method.toUpperCase()} /api${path}`),
    );
    for (const expected of [
      'POST /api/generate-content',
      'POST /api/rewrite-blog',
      'POST /api/generate-newsletter',
      'GET /api/clients',
      'POST /api/clients',
      'GET /api/health',
      'GET /api/jobs/{jobId}',
    ]) {
      expect(listed).toContain(expected);
    }
    for (const endpoint of PUBLIC_ENDPOINTS.filter(isServed)) {
      const route = httpRoutes.find(
        (candidate) =>
          candidate.method === endpoint.method.toUpperCase() && candidate.path === `/api${endpoint.path}`,
      );
      expect(route?.auth, endpoint.path).toBe(endpoint.public ? 'public' : 'apiKey');
    }
  });

  it('documents every route an API key may call: an undocumented one fails here', () => {
    const listed = new Set(
      keysAt('paths').flatMap((path) =>
        keysAt('paths', path).map((method) => `${method.toUpperCase()} /api${path}`),
      ),
    );
    const undocumented = httpRoutes
      .filter((route) => route.auth === 'apiKey' && !listed.has(`${route.method} ${route.path}`))
      .map((route) => `${route.method} ${route.path}`);
    expect(undocumented).toEqual([]);
  });

  it('includes the media endpoints once the route table serves them', () => {
    for (const path of ['/generate-image', '/text-to-speech']) {
      const endpoint = PUBLIC_ENDPOINTS.find((candidate) => candidate.path === path);
      expect(endpoint, path).toBeDefined();
      if (endpoint) expect(keysAt('paths').includes(path), path).toBe(isServed(endpoint));
    }
    expect(
      isServed({ ...PUBLIC_ENDPOINTS[0], path: '/not-a-route' } as (typeof PUBLIC_ENDPOINTS)[number]),
    ).toBe(false);
  });

  it('has the bearer scheme, the error shape and the 401/413/429 replies', () => {
    expect(at('components', 'securitySchemes', 'bearerAuth')).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(at('security')).toEqual([{ bearerAuth: [] }]);
    expect(at('components', 'schemas', 'Error', 'properties', 'error', 'required')).toEqual([
      'code',
      'message',
    ]);
    for (const status of ['401', '413', '429']) {
      expect(at('paths', '/clients', 'post', 'responses', status), status).toBeDefined();
    }
    expect(at('components', 'responses', 'TooManyRequests', 'headers', 'Retry-After')).toBeDefined();
    expect(at('components', 'responses', 'Unauthorized', 'headers', 'WWW-Authenticate')).toBeDefined();
    expect(at('paths', '/health', 'get', 'security')).toEqual([]);
  });

  it('describes the job flow: 202 with a status URL, 200 under Prefer: wait, and the polling endpoint', () => {
    const newsletter = ['paths', '/generate-newsletter', 'post'];
    const json = ['content', 'application/json', 'schema'];
    expect(at(...newsletter, 'responses', '202', ...json, 'required')).toEqual(['jobId', 'statusUrl']);
    expect(at(...newsletter, 'responses', '200', ...json)).toEqual({
      $ref: '#/components/schemas/NewsletterJob',
    });
    expect(at(...newsletter, 'parameters')).toContainEqual({ $ref: '#/components/parameters/Prefer' });
    expect(at('paths', '/jobs/{jobId}', 'get', 'responses', '200', ...json)).toEqual({
      $ref: '#/components/schemas/Job',
    });
    expect(at(...newsletter, 'responses', '202', 'links', 'JobStatus')).toMatchObject({
      operationId: at('paths', '/jobs/{jobId}', 'get', 'operationId'),
      parameters: { jobId: '$response.body#/jobId' },
    });
  });

  it('types a job’s result by its tool, from the schemas the server builds results with', () => {
    const job = at('components', 'schemas', 'Job') as { oneOf: { $ref: string }[]; discriminator: object };
    // Every tool of the catalog, in its order: a tool without a documented job fails here.
    expect(job.oneOf.map((variant) => variant.$ref.split('/').pop())).toEqual([
      'NewsletterJob',
      'PressReleaseJob',
      'BlogRewriteJob',
      'FaqJob',
      'ClientContentJob',
      'SocialContentJob',
      'GbpPostJob',
      'ImageGenerationJob',
      'TextToSpeechJob',
      'GbpImageJob',
      'SocialImageJob',
      'MultiPlatformJob',
    ]);
    expect(job.oneOf).toHaveLength(TOOL_IDS.length);
    expect(job.discriminator).toMatchObject({ propertyName: 'tool' });
    const result = ['components', 'schemas', 'NewsletterJob', 'properties', 'result', 'anyOf', '0'];
    expect(keysAt(...result, 'properties')).toEqual([
      ...Object.keys(newsletterResultSchema.def.shape),
      ...Object.keys(textJobFields),
    ]);
    expect(at(...result, 'additionalProperties')).toBe(false);
    expect(at(...result, 'properties', 'notice', 'description')).toMatch(/offline draft/);
    expect(at('components', 'schemas', 'NewsletterJob', 'properties', 'tool')).toMatchObject({
      const: 'newsletter',
    });
    const speech = ['components', 'schemas', 'TextToSpeechJob', 'properties', 'result', 'anyOf', '0'];
    expect(keysAt(...speech, 'properties')).toEqual(Object.keys(textToSpeechResultSchema.def.shape));
    const faq = ['components', 'schemas', 'FaqJob', 'properties', 'result', 'anyOf', '0'];
    expect(keysAt(...faq, 'properties')).toEqual([
      ...Object.keys(faqResultSchema.def.shape),
      ...Object.keys(textJobFields),
    ]);
    expect(at('paths', '/jobs/{jobId}', 'get', 'parameters')).toContainEqual(
      expect.objectContaining({ name: 'include', in: 'query' }),
    );
  });

  it('documents downloading media with the key and signing media paths', () => {
    expect(at('paths', '/media/sign', 'post', 'responses', '200')).toBeDefined();
    const media = ['paths', '/media/{userId}/{jobId}/{fileName}', 'get', 'responses'];
    expect(keysAt(...media)).toEqual(expect.arrayContaining(['200', '302', '401', '404']));
  });

  it('passes Spectral’s spectral:oas rules with no warning, a contact included', async () => {
    const spectral = new Spectral();
    spectral.setRuleset(new Ruleset({ extends: [oas] }, { source: 'spectral:oas' }));
    const results = await spectral.run(new SpectralDocument(JSON.stringify(document), Parsers.Json));
    expect(results.map((result) => `${result.code}: ${result.message} at ${result.path.join('.')}`)).toEqual(
      [],
    );
    expect(at('info', 'contact', 'url')).toBe('http://localhost:3000/documentation');
    expect(
      (buildOpenApiDocument(undefined, { origin: 'https://studio.agency.test' }).info as { contact: object })
        .contact,
    ).toMatchObject({ url: 'https://studio.agency.test/documentation' });
  });

  it('passes Redocly’s recommended-strict rules', async () => {
    const config = await createConfig({ extends: ['recommended-strict'] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config,
    });
    expect(problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
  });

  it('documents the client list’s pages: limit, cursor, fields and search, next_cursor, and the 400', () => {
    const list = ['paths', '/clients', 'get'];
    const parameters = at(...list, 'parameters') as { name: string; in: string; schema: object }[];
    expect(parameters.map((parameter) => [parameter.name, parameter.in])).toEqual([
      ['limit', 'query'],
      ['cursor', 'query'],
      ['fields', 'query'],
      ['search', 'query'],
    ]);
    expect(parameters[0]?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000, default: 50 });
    expect(parameters[3]?.schema).toMatchObject({ type: 'string', maxLength: 200 });
    const reply = [...list, 'responses', '200', 'content', 'application/json', 'schema'];
    expect(keysAt(...reply, 'properties')).toEqual(['clients', 'next_cursor']);
    const summary = at(...reply, 'properties', 'clients', 'items', 'anyOf', '0', 'properties');
    expect(summary).toHaveProperty('newsletter_instructions_preview');
    expect(summary).not.toHaveProperty('newsletter_instructions');
    expect(at(...list, 'responses', '400')).toEqual({ $ref: '#/components/responses/BadRequest' });
  });

  it('lists as required every field the server requires, though it parses a missing one with a default', () => {
    const body = (path: string) => [
      'paths',
      path,
      'post',
      'requestBody',
      'content',
      'application/json',
      'schema',
    ];
    expect(at(...body('/generate-content'), 'required')).toEqual(
      expect.arrayContaining(['clientUrl', 'topic']),
    );
    expect(at(...body('/generate-newsletter'), 'required')).toEqual(expect.arrayContaining(['topic']));
    expect(at(...body('/generate-newsletter'), 'properties', 'topic')).not.toHaveProperty('default');
    expect(at(...body('/generate-social-content'), 'required')).toEqual(
      expect.arrayContaining(['prompt', 'platforms']),
    );
    // Where the server needs one field or another, the schema says which (JSON Schema's anyOf).
    expect(at(...body('/rewrite-blog'), 'anyOf')).toEqual([{ required: ['url'] }, { required: ['prompt'] }]);
    expect(at(...body('/generate-image'), 'anyOf')).toEqual([
      { required: ['prompt'] },
      { required: ['configs'] },
    ]);
    expect(at(...body('/generate-press-release'), 'anyOf')).toEqual([
      { required: ['topic'] },
      { required: ['url', 'inputType'] },
    ]);
    expect(at(...body('/analyze-image'), 'properties', 'imageKey')).toBeDefined();
    expect(at(...body('/fetch-content'), 'required')).toEqual(['url']);
    expect(JSON.stringify(document)).not.toContain('x-lbm-required');
    // A field with a default the server does use stays optional.
    expect(at(...body('/generate-newsletter'), 'required')).not.toContain('includeHeader');
  });

  it('is generated from the request schemas the server validates with', () => {
    const body = ['paths', '/rewrite-blog', 'post', 'requestBody', 'content', 'application/json', 'schema'];
    expect(keysAt(...body, 'properties')).toEqual(Object.keys(blogRewriteRequestSchema.def.in.shape));
    expect(at(...body, 'properties', 'framework', 'enum')).toEqual(['original', 'storybrand', 'aida', 'pas']);
  });
});
