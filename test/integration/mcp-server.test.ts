import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '#functions/mcp/mcp-tools';
import { repositoryRoot } from '#local/repository-root';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * The MCP server (functions/mcp/) through the running app, with the SDK's own client over Streamable
 * HTTP, authenticated with an API key as an agent's MCP client configuration sends it.
 */

let app: TestRuntime;
let owner: TestUser;
let key: { id: string; key: string };
let clientId: string;
const open: Client[] = [];

async function newKey(body: Record<string, unknown>): Promise<{ id: string; key: string }> {
  const created = await app.request<{ id: string; key: string }>('POST', '/api/api-keys', {
    token: owner.idToken,
    body,
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function connect(apiKey: string): Promise<Client> {
  const client = new Client({ name: 'lbm-test-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/api/mcp', app.url), {
    requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
  });
  await client.connect(transport);
  open.push(client);
  return client;
}

type ToolReply = {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { text?: string }[];
};

beforeAll(async () => {
  app = await startTestRuntime();
  owner = await app.createUser();
  key = await newKey({ name: 'Agent' });
  const client = await app.request<{ id: string }>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name: 'Harbor Bakery', company_name: 'Harbor Bakery LLC', city: 'Portland' },
  });
  clientId = client.body.id;
}, 60_000);

afterAll(async () => {
  for (const client of open) await client.close().catch(() => undefined);
  await app?.stop();
});

describe('POST /api/mcp', () => {
  it('lists the tools derived from the API’s operations, each with a JSON Schema and a description', async () => {
    const client = await connect(key.key);
    expect(client.getServerVersion()).toMatchObject({ name: 'lbm-studio' });
    expect(client.getInstructions()).toContain('list_clients');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(MCP_TOOLS.map((tool) => tool.name));
    for (const name of [
      'generate_newsletter',
      'generate_faq',
      'analyze_image',
      'get_job',
      'list_clients',
      'list_library',
      'send_for_review',
      'publish_item',
    ]) {
      expect(tools.map((tool) => tool.name)).toContain(name);
    }
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(20);
    }
    const newsletter = tools.find((tool) => tool.name === 'generate_newsletter');
    expect(Object.keys(newsletter?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['topic', 'clientId']),
    );
    const library = tools.find((tool) => tool.name === 'get_library_item');
    expect(library?.inputSchema.required).toEqual(['clientId', 'contentId']);
  });

  it('generates for a client, reads the job to its result, and finds the client and its library', async () => {
    const client = await connect(key.key);
    const found = (await client.callTool({
      name: 'list_clients',
      arguments: { search: 'Harbor' },
    })) as ToolReply;
    expect(found.isError).toBeUndefined();
    expect(JSON.stringify(found.structuredContent)).toContain(clientId);

    const started = (await client.callTool({
      name: 'generate_faq',
      arguments: {
        clientId,
        saveToClient: true,
        topic: 'Sourdough bread',
        questionCount: 7,
        model: 'gpt-4o-mini',
      },
    })) as ToolReply;
    expect(started.isError, started.content[0]?.text).toBeUndefined();
    const jobId = String(started.structuredContent?.jobId);
    expect(jobId).toMatch(/^[0-9A-Z]{26}$/);
    let job = started.structuredContent ?? {};
    for (let attempt = 0; attempt < 60 && job.status !== 'succeeded' && job.status !== 'failed'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      job =
        ((await client.callTool({ name: 'get_job', arguments: { jobId } })) as ToolReply).structuredContent ??
        {};
    }
    expect(job.status).toBe('succeeded');
    expect(JSON.stringify(job.result)).toContain('Sourdough');

    const library = (await client.callTool({ name: 'list_library', arguments: { clientId } })) as ToolReply;
    const items = (library.structuredContent?.content ?? []) as { id: string }[];
    expect(items.length).toBeGreaterThan(0);
    const item = (await client.callTool({
      name: 'get_library_item',
      arguments: { clientId, contentId: items[0]?.id },
    })) as ToolReply;
    expect(item.isError).toBeUndefined();
    // What was made goes to the client for review, as the agency would send it.
    const review = (await client.callTool({
      name: 'send_for_review',
      arguments: { clientId, contentId: items[0]?.id, reviewerName: 'Rosa Client' },
    })) as ToolReply;
    expect(review.isError, review.content[0]?.text).toBeUndefined();
    expect(String(review.structuredContent?.reviewUrl)).toMatch(new RegExp(`^${app.url}/review/`));

    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain(`lbm://clients/${clientId}`);
    const profile = await client.readResource({ uri: `lbm://clients/${clientId}` });
    const [contents] = profile.contents;
    expect(contents && 'text' in contents ? JSON.parse(contents.text) : null).toMatchObject({
      id: clientId,
      city: 'Portland',
    });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toContain(
      'lbm://clients/{clientId}/content/{contentId}',
    );
  }, 60_000);

  it('answers the API’s own refusals: a bad input, a scope the key lacks, a client it cannot see', async () => {
    const client = await connect(key.key);
    const bad = (await client.callTool({
      name: 'generate_faq',
      arguments: { clientId, topic: '' },
    })) as ToolReply;
    expect(bad.isError).toBe(true);
    expect(bad.content[0]?.text).toContain('"code"');
    const readOnly = await connect((await newKey({ name: 'Reader', scopes: ['read'] })).key);
    const refused = (await readOnly.callTool({
      name: 'generate_newsletter',
      arguments: { topic: 'Spring menu' },
    })) as ToolReply;
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toContain('insufficient_scope');
    await expect(readOnly.readResource({ uri: 'lbm://clients/01JD0M8Z3C5W9Y7V6T4R2Q1P0M' })).rejects.toThrow(
      /Resource not found/,
    );
  }, 30_000);

  it('connects with the configuration the Documentation page shows', async () => {
    const config = JSON.parse(
      readFileSync(
        join(repositoryRoot, 'frontend/src/features/documentation/examples/mcp-config.json'),
        'utf8',
      )
        .replace('https://YOUR-STUDIO', app.url)
        .replace('lbm_YOUR_API_KEY', key.key),
    ) as { mcpServers: Record<string, { type: string; url: string; headers: Record<string, string> }> };
    const servers = Object.values(config.mcpServers);
    expect(servers).toHaveLength(1);
    for (const server of servers) {
      expect(server.type).toBe('http');
      const client = new Client({ name: 'configured-agent', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.headers } }),
      );
      open.push(client);
      expect((await client.listTools()).tools.length).toBe(MCP_TOOLS.length);
    }
  });

  it('refuses a deactivated key before any MCP message is handled', async () => {
    const doomed = await newKey({ name: 'Doomed' });
    const off = await app.request('PATCH', `/api/api-keys/${doomed.id}`, {
      token: owner.idToken,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    await expect(connect(doomed.key)).rejects.toThrow(/401|invalid or inactive/);
    const unauthenticated = await fetch(new URL('/api/mcp', app.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(unauthenticated.status).toBe(401);
    // No event stream to open: the server answers POSTs only, in JSON (API Gateway does not stream).
    const stream = await fetch(new URL('/api/mcp', app.url), {
      headers: { authorization: `Bearer ${key.key}`, accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(405);
    expect(stream.headers.get('allow')).toBe('POST');
  });
});
