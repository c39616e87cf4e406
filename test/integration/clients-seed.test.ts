import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENTS, runSeed } from '#local/seed';
import type { Client } from '#shared/client';
import { countWords, htmlToText } from '#shared/text';
import { libraryItems } from '#test/support/library-items';
import { startTestRuntime, type TestRuntime } from '#test/support/test-runtime';

let app: TestRuntime;
let adminToken: string;

beforeAll(async () => {
  app = await startTestRuntime();
  adminToken = (await app.signIn(app.runtime.admin.email, app.runtime.admin.password)).idToken;
});

afterAll(async () => {
  await app?.stop();
});

const seed = () => runSeed({ baseUrl: app.url, adminFile: join(app.dataDir, 'admin.json') });

describe('npm run seed', () => {
  it('adds the demo clients with full profiles and content, through the API', async () => {
    const result = await seed();
    expect(result.created).toEqual(DEMO_CLIENTS.map((demo) => demo.profile.name));
    expect(result.skipped).toEqual([]);
    expect(result.created.length).toBeGreaterThanOrEqual(3);

    const list = await app.request<{ clients: Client[] }>('GET', '/api/clients', { token: adminToken });
    for (const demo of DEMO_CLIENTS) {
      const client = list.body.clients.find((candidate) => candidate.name === demo.profile.name);
      expect(client).toBeDefined();
      if (!client) continue;
      expect(client.content_count).toBe(demo.content.length);
      expect(client.company_name).toBe(demo.profile.company_name);
      expect(client.city).toBe(demo.profile.city);

      const library = await libraryItems(app, adminToken, client.id);
      expect(library).toHaveLength(demo.content.length);
      for (const item of demo.content) {
        const saved = library.find((candidate) => candidate.title === item.title);
        // The demo HTML is authored clean: the server's sanitizer leaves it exactly as written.
        expect(saved?.html_content).toBe(item.html);
        expect(saved?.content).toBe(htmlToText(item.html));
        expect(saved?.content_type).toBe(item.content_type);
      }
    }
    const types = new Set(DEMO_CLIENTS.flatMap((demo) => demo.content.map((item) => item.content_type)));
    expect([...types].sort()).toEqual(['blog', 'faq', 'newsletter', 'press_release']);
  });

  it('stores word counts and the FAQ schema in the metadata, and one client with WordPress configured', async () => {
    const list = await app.request<{ clients: Client[] }>('GET', '/api/clients', { token: adminToken });
    expect(list.body.clients.filter((client) => client.wordpress_configured)).toHaveLength(1);
    const dental = list.body.clients.find((client) => client.name === 'Bright Smile Family Dental');
    const faq = (await libraryItems(app, adminToken, dental?.id ?? '', '?type=faq'))[0];
    const schema = JSON.parse(String(faq?.metadata.schema)) as { '@type': string; mainEntity: unknown[] };
    expect(schema['@type']).toBe('FAQPage');
    expect(schema.mainEntity).toHaveLength(Number(faq?.metadata.questionCount));
    expect(schema.mainEntity.length).toBeGreaterThan(0);

    const newsletter = (await libraryItems(app, adminToken, dental?.id ?? '', '?type=newsletter'))[0];
    expect(newsletter?.metadata.wordCount).toBe(countWords(newsletter?.content ?? ''));
  });

  it('skips clients that already exist on a second run', async () => {
    const before = await app.request<{ clients: Client[] }>('GET', '/api/clients', { token: adminToken });
    const result = await seed();
    expect(result.created).toEqual([]);
    expect(result.skipped).toEqual(DEMO_CLIENTS.map((demo) => demo.profile.name));
    const after = await app.request<{ clients: Client[] }>('GET', '/api/clients', { token: adminToken });
    expect(after.body.clients).toEqual(before.body.clients);
  });

  it('refuses a backend that is not the local runtime', async () => {
    const config = await app.request('GET', '/config.json');
    const impostor: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ...config.body, local: false }));
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = impostor.address() as AddressInfo;
      await expect(
        runSeed({ baseUrl: `http://127.0.0.1:${port}`, adminFile: join(app.dataDir, 'admin.json') }),
      ).rejects.toThrow(/not the local runtime/);
    } finally {
      await new Promise<void>((resolve) => impostor.close(() => resolve()));
    }
  });

  it('says how to start the app when nothing answers', async () => {
    const idle: Server = createServer();
    await new Promise<void>((resolve) => idle.listen(0, '127.0.0.1', resolve));
    const { port } = idle.address() as AddressInfo;
    await new Promise<void>((resolve) => idle.close(() => resolve()));
    await expect(runSeed({ baseUrl: `http://127.0.0.1:${port}`, adminFile: 'unused' })).rejects.toThrow(
      /npm start/,
    );
  });
});
