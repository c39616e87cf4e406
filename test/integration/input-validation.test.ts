import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import { STORABLE_JSON_LIMITS } from '#shared/validation/storable-json';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Bad input gets a 4xx, never a 500: each case went to a 500 before its fix. Bodies are sent
 * as raw JSON text, because what matters is what JSON.parse makes of the bytes (a 30-digit number).
 */

let app: TestRuntime;
let owner: TestUser;
let client: Client;
let item: ClientContent;

beforeAll(async () => {
  app = await startTestRuntime();
  owner = await app.createUser();
  client = (
    await app.request<Client>('POST', '/api/clients', { token: owner.idToken, body: { name: 'Probe' } })
  ).body;
  const created = await app.request<ClientContent>('POST', `/api/clients/${client.id}/content`, {
    token: owner.idToken,
    body: { title: 'Kept', content: 'Kept text', content_type: 'newsletter', metadata: { views: 3 } },
  });
  expect(created.status).toBe(201);
  item = created.body;
});

afterAll(async () => {
  await app?.stop();
});

async function send(
  method: string,
  path: string,
  rawBody?: string,
  token: string | undefined = owner.idToken,
) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(rawBody === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: rawBody,
  });
  const text = await response.text();
  let body: { error?: { code: string; message: string }; message?: string } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Static files answer in plain text.
  }
  return { status: response.status, body, text };
}

const nested = (levels: number): string => `${'{"a":'.repeat(levels - 1)}1${'}'.repeat(levels - 1)}`;

describe('content metadata is checked against what DynamoDB can hold', () => {
  const numbers = ['1e16', '1e200', '1e-200', '-1e16', '123456789012345678901234567890'];

  it.each(numbers)('refuses %s on create with a 400 that names the field', async (number) => {
    const reply = await send(
      'POST',
      `/api/clients/${client.id}/content`,
      `{"title":"T","content_type":"newsletter","metadata":{"stats":{"views":${number}}}}`,
    );
    expect(reply.status).toBe(400);
    expect(reply.body?.error?.code).toBe('validation_failed');
    expect(reply.body?.error?.message).toMatch(/^metadata\.stats\.views: must be a number between/);
  });

  it.each(numbers)('refuses %s on update and keeps the stored item', async (number) => {
    const reply = await send(
      'PUT',
      `/api/clients/${client.id}/content/${item.id}`,
      `{"title":"Changed","content":"x","html_content":"","metadata":{"list":[1,${number}]}}`,
    );
    expect(reply.status).toBe(400);
    expect(reply.body?.error?.message).toMatch(/^metadata\.list\.1: /);
    const stored = await app.request<ClientContent>('GET', `/api/clients/${client.id}/content/${item.id}`, {
      token: owner.idToken,
    });
    expect(stored.body.title).toBe('Kept');
    expect(stored.body.metadata).toEqual({ views: 3 });
  });

  it('refuses nesting deeper than DynamoDB allows (33 levels) and keeps the limit usable', async () => {
    const deep = await send(
      'POST',
      `/api/clients/${client.id}/content`,
      `{"title":"T","content_type":"newsletter","metadata":${nested(33)}}`,
    );
    expect(deep.status).toBe(400);
    expect(deep.body?.error?.message).toMatch(/nested too deeply/);

    const deepest = await send(
      'POST',
      `/api/clients/${client.id}/content`,
      `{"title":"T","content_type":"newsletter","metadata":${nested(STORABLE_JSON_LIMITS.maxDepth)}}`,
    );
    expect(deepest.status).toBe(201);
  });

  it('refuses metadata over the size limit and empty keys', async () => {
    const big = await send(
      'POST',
      `/api/clients/${client.id}/content`,
      JSON.stringify({
        title: 'T',
        content_type: 'faq',
        metadata: { text: 'x'.repeat(STORABLE_JSON_LIMITS.maxBytes) },
      }),
    );
    expect(big.status).toBe(400);
    expect(big.body?.error?.message).toMatch(/^metadata: is too large/);
    const emptyKey = await send(
      'POST',
      `/api/clients/${client.id}/content`,
      '{"title":"T","content_type":"faq","metadata":{"":1}}',
    );
    expect(emptyKey.status).toBe(400);
  });

  it('stores safe numbers as sent', async () => {
    const reply = await send(
      'POST',
      `/api/clients/${client.id}/content`,
      `{"title":"T","content_type":"faq","metadata":{"max":${Number.MAX_SAFE_INTEGER},"tiny":1e-130,"ratio":0.1}}`,
    );
    expect(reply.status).toBe(201);
    const saved = JSON.parse(reply.text) as ClientContent;
    expect(saved.metadata).toEqual({ max: Number.MAX_SAFE_INTEGER, tiny: 1e-130, ratio: 0.1 });
  });
});

describe('job ids are validated like every other id', () => {
  it.each([
    ['2,100 characters', 'A'.repeat(2_100)],
    ['5,000 characters', '0'.repeat(5_000)],
    ['lower-case ULID', '01jd3v4z7q8r9s0t1v2w3x4y5z'],
    ['not a ULID', 'job-1'],
  ])('answers 404 for %s', async (_label, id) => {
    const reply = await send('GET', `/api/jobs/${id}`);
    expect(reply.status).toBe(404);
    expect(reply.body?.error?.code).toBe('not_found');
  });
});

describe('malformed percent-encoding in the path is a 400', () => {
  it.each([
    ['GET', '/api/clients/%ff'],
    ['GET', '/api/clients/%E0%A4%A'],
    ['DELETE', `/api/clients/%E0%A4%A/content/%ff`],
    ['GET', '/api/jobs/%c0%af'],
    ['GET', '/api/unknown/%ff'],
  ])('%s %s through the API gateway', async (method, path) => {
    const reply = await send(method, path);
    expect(reply.status).toBe(400);
    // CloudFront's function on /api/* refuses it in the API's error shape (infra/api-edge-guard.ts).
    expect(reply.body?.error).toEqual({
      code: 'bad_request',
      message: 'The path holds a malformed %-escape.',
    });
  });

  it.each(['/%ff', '/assets/%E0%A4%A', '/clients/%ff%fe'])('GET %s for a static file', async (path) => {
    const reply = await send('GET', path, undefined, undefined);
    expect(reply.status).toBe(400);
    expect(reply.text).toMatch(/malformed percent-encoding/);
  });

  it('still decodes well-formed escapes', async () => {
    const reply = await send('GET', `/api/clients/%30${client.id.slice(1)}`);
    expect(client.id.startsWith('0')).toBe(true);
    expect(reply.status).toBe(200);
  });
});

/** Sends one raw HTTP/1.1 request line (fetch and node:http would refuse or fix such a target). */
function rawStatus(endpoint: string, target: string): Promise<number | null> {
  const { hostname, port } = new URL(endpoint);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    });
    let reply = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      reply += chunk;
    });
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1]) || null));
    socket.on('error', () => resolve(null));
  });
}

describe('a request target that is not a URL is a 400 and never stops the runtime', () => {
  const targets = [
    'http://[',
    '//[',
    'http://[::1/api/health',
    '/%ff/.well-known/jwks.json',
    '/@connections/%ff',
  ];

  // The AWS services are reached through the IAM proxies in front of the emulators (local/iam/). DynamoDB
  // answers every GET with its health check (200), as AWS's endpoint does, so it is not among them.
  it.each(['app', 'cognito', 's3', 'sqs', 'internal'] as const)('on the %s endpoint', async (which) => {
    const endpoint = which === 'app' ? app.url : app.runtime.endpoints[which];
    for (const target of targets) {
      const status = await rawStatus(endpoint, target);
      expect(status === null ? null : Math.floor(status / 100), `${which} ${target} → ${status}`).toBe(4);
    }
    expect((await send('GET', '/api/health')).status).toBe(200);
  });
});

describe('every date field is a real date', () => {
  it.each(['2026-01-01T99:99', '2026-02-30', '2026-13-01', '2026-01-01T12:60:00Z', 'soon'])(
    'refuses releaseDate %j with a 400',
    async (releaseDate) => {
      const reply = await send(
        'POST',
        '/api/generate-press-release',
        JSON.stringify({ topic: 'New clinic opens', releaseDate }),
      );
      expect(reply.status).toBe(400);
      expect(reply.body?.error?.message).toBe('Please pick a valid release date');
    },
  );

  it('accepts a real date and a real local date-time', async () => {
    for (const releaseDate of ['2026-11-21', '2026-11-21T09:30']) {
      const reply = await send(
        'POST',
        '/api/generate-press-release',
        JSON.stringify({ topic: 'New clinic opens', releaseDate }),
      );
      expect(reply.status).toBe(202);
    }
  });
});

describe('a value past its limit is told its limit', () => {
  const longPrompt = 'A lighthouse on a rocky coast. '.repeat(130).slice(0, 4_001);

  it.each([
    ['a bare prompt', { prompt: longPrompt }],
    ['a configuration', { configs: [{ id: 'one', prompt: longPrompt }] }],
  ])('refuses an image prompt over 4,000 characters in %s with a 400, not a 500', async (_label, body) => {
    const reply = await send('POST', '/api/generate-image', JSON.stringify(body));
    expect(reply.status).toBe(400);
    expect(reply.body?.error).toEqual({
      code: 'validation_failed',
      message: 'Please keep the prompt to at most 4,000 characters.',
    });
  });

  it('refuses a calendar status list over 200 characters with a 400 naming its limit', async () => {
    const status = 'draft,'.repeat(40).slice(0, 201);
    const reply = await send('GET', `/api/calendar?from=2026-11-01&to=2026-11-30&status=${status}`);
    expect(reply.status).toBe(400);
    expect(reply.body?.error?.message).toMatch(/^status: .*200 characters/u);
  });

  it('refuses a client name over 500 characters by its limit, on create and on change', async () => {
    const name = 'Bright Smile Family Dentistry '.repeat(17).slice(0, 501);
    const created = await send('POST', '/api/clients', JSON.stringify({ name }));
    expect(created.status).toBe(400);
    expect(created.body?.error?.message).toBe('name: must be at most 500 characters');
    const patched = await send('PATCH', `/api/clients/${client.id}`, JSON.stringify({ name }));
    expect(patched.status).toBe(400);
    expect(patched.body?.error?.message).toBe('name: must be at most 500 characters');
    // A blank name keeps the spec's message.
    const blank = await send('POST', '/api/clients', JSON.stringify({ name: '   ' }));
    expect(blank.body?.error?.message).toBe('Please enter a client name.');
    const list = await app.request<Client[]>('GET', '/api/clients', { token: owner.idToken });
    expect(JSON.stringify(list.body)).not.toContain('Bright Smile Family');
    const kept = await app.request<Client>('GET', `/api/clients/${client.id}`, { token: owner.idToken });
    expect(kept.body.name).toBe('Probe');
  });
});
