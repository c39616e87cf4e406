/**
 * Issue 15: `GET /api/clients` with 200 clients at 50 connections through the local gateway (authorizer,
 * handler, dynalite), against a bare `node:http` server sending the very same body, both measured with
 * autocannon in this run. The client is a browser-like one: it asks for brotli or gzip.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { startTestRuntime } from '#test/support/test-runtime';

const CLIENTS = 200;
const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const SETTLE_MS = 15_000;

const paragraph =
  'Friendly, family tone. Mention same-day crowns, evening hours and the free parking behind the building. ';

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string>): Promise<Figures> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const line = (label: string, figures: Figures) =>
  `${label.padEnd(26)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${String(figures.p99Ms).padStart(5)} ms${
    figures.errors + figures.non2xx > 0 ? `  (${figures.errors} errors, ${figures.non2xx} non-2xx)` : ''
  }`;

export async function run(): Promise<void> {
  const app = await startTestRuntime({ env: { LOG_REQUESTS: 'false' } });
  let bare: Server | undefined;
  try {
    const user = await app.createUser();
    for (let index = 0; index < CLIENTS; index += 1) {
      const response = await app.request('POST', '/api/clients', {
        token: user.idToken,
        body: {
          name: `Bench Client ${index}`,
          website: `https://client-${index}.example`,
          city: 'Austin',
          state: 'TX',
          newsletter_instructions: paragraph,
          press_release_instructions: paragraph,
          content_instructions: paragraph,
        },
      });
      if (response.status !== 201) throw new Error(`Creating client ${index} answered ${response.status}`);
    }
    const headers = { authorization: `Bearer ${user.idToken}`, 'accept-encoding': 'br, gzip' };
    const sample = await fetch(`${app.url}/api/clients`, {
      headers: { authorization: headers.authorization },
    });
    const body = Buffer.from(await sample.arrayBuffer());
    const contentType = sample.headers.get('content-type') ?? 'application/json';

    bare = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      response.end(body);
    });
    await new Promise<void>((resolve) => bare?.listen(0, '127.0.0.1', resolve));
    const barePort = (bare.address() as AddressInfo).port;

    console.log(
      `GET /api/clients, ${CLIENTS} clients (${(body.length / 1024).toFixed(0)} KB of JSON), ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`,
    );
    console.log(line('bare node:http, same body', await load(`http://127.0.0.1:${barePort}/`, {})));
    console.log(line('local gateway, br/gzip', await load(`${app.url}/api/clients`, headers)));
    console.log(
      line(
        'local gateway, identity',
        await load(`${app.url}/api/clients`, { authorization: headers.authorization }),
      ),
    );
    // The gateway is still answering the requests autocannon gave up on; stopping dynalite under them
    // would crash the process, so they finish first.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    console.log('target: at least 5× the 46 req/s of issue 15 (230 req/s), p99 at most 250 ms');
  } finally {
    await new Promise<void>((resolve) => (bare ? bare.close(() => resolve()) : resolve()));
    await app.stop();
  }
}
