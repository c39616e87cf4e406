/**
 * The outside probe (docs/decisions.md, "The outside probe's findings"), rerun against the local app: per
 * category, how many hostile cases were tried, how many were refused as they must be, and how many were not.
 * A case is "wrong" when the app lets it through: a private listener is reached, credentials leave the
 * client's site, a hostile input is accepted or refused only later, a refusal does not have the documented
 * shape, an outsider learns more than 404, or a frame stops the app. Prints the figures; never fails.
 *
 * Then the probe's two other categories: about 500 stored-XSS payloads rendered in Chromium in every
 * place a user's text is shown (security-probe-xss.ts), and a kill -9 of `npm start` during 20 running
 * jobs (security-probe-crash.ts). The keep-alive resets are the job-burst bench's figure.
 */
import { request as httpRequest } from 'node:http';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { httpRoutes } from '#contract/routes';
import { type LocalHttpServer, startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import { ensureFrontendBuild } from '#local/frontend-build';
import type { Client } from '#shared/client';
import { INVALID_URL_MESSAGE } from '#shared/validation/web-address';
import { closeCodeFrom, frameHeader, openRawWebSocket } from '#test/support/raw-websocket';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';
import { runCrashProbe } from './security-probe-crash';
import { printStoredXssFigures, runStoredXssProbe } from './security-probe-xss';

type Verdict = { ok: true } | { ok: false; why: string };
interface Category {
  readonly name: string;
  readonly cases: Array<{ label: string; run: () => Promise<Verdict> }>;
}

const pass: Verdict = { ok: true };
const fail = (why: string): Verdict => ({ ok: false, why });

/** A listener that stands for a private service: any request reaching it is an SSRF. */
async function privateListener(): Promise<LocalHttpServer & { hits: string[] }> {
  const hits: string[] = [];
  const server = await startLocalHttpServer((request, response) => {
    hits.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>internal</p>');
  });
  return Object.assign(server, { hits });
}

const ERROR_SHAPE = new Ajv2020().compile({
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: { code: { type: 'string', minLength: 1 }, message: { type: 'string', minLength: 1 } },
    },
  },
});

async function send(
  app: TestRuntime,
  method: string,
  path: string,
  authorization: string | null,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${app.url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(authorization === null ? {} : { authorization }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: kept as text, which the shape check refuses.
  }
  return { status: response.status, body: parsed };
}

/** A GET whose target is sent byte for byte, dot segments and bad escapes included. */
function sendRaw(
  app: TestRuntime,
  path: string,
  authorization: string,
): Promise<{ status: number; body: unknown }> {
  const url = new URL(app.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, path, method: 'GET', headers: { authorization } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: the shape check refuses it.
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

function ssrfCategory(
  app: TestRuntime,
  user: () => TestUser,
  inner: { hits: string[]; port: number },
  site: LocalHttpServer,
): Category {
  const port = inner.port;
  const targets = [
    `http://127.0.0.1:${port}/`,
    `http://localhost:${port}/`,
    `http://[::1]:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://2130706433:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://0177.0.0.1:${port}/`,
    `http://127.1:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://[::ffff:7f00:1]:${port}/`,
    `http://127.0.0.1.nip.io:${port}/`,
    `http://localhost.:${port}/`,
    `http://169.254.169.254/latest/meta-data/`,
    `http://[fd00:ec2::254]/latest/meta-data/`,
    `http://10.0.0.1:${port}/`,
    `http://192.168.1.1:${port}/`,
    `http://172.16.0.1:${port}/`,
    `http://100.64.0.1:${port}/`,
  ];
  // Each target directly, then behind a redirect from a site the app may fetch (301, 302, 307, 308).
  const urls = [
    ...targets,
    ...targets.flatMap((target) =>
      [301, 302, 307, 308].map(
        (code) => `${site.origin}/redirect?code=${code}&to=${encodeURIComponent(target)}`,
      ),
    ),
  ];
  return {
    name: 'SSRF (fetch-content, private and metadata addresses, direct and redirected)',
    cases: urls.map((url) => ({
      label: url,
      run: async () => {
        const before = inner.hits.length;
        const reply = await send(app, 'POST', '/api/fetch-content', `Bearer ${user().idToken}`, { url });
        if (inner.hits.length > before) return fail('reached the private listener');
        if (reply.status < 400) return fail(`answered ${reply.status}`);
        return ERROR_SHAPE(reply.body) ? pass : fail('refusal not in the Error shape');
      },
    })),
  };
}

function credentialRedirectCategory(
  app: TestRuntime,
  user: () => TestUser,
  redirector: LocalHttpServer,
  elsewhere: { hits: string[]; origin: string },
): Category {
  const paths: Array<[string, string, unknown]> = [
    ['GET', 'posts', undefined],
    ['POST', 'test', undefined],
    ['GET', 'categories', undefined],
    ['POST', 'media', { file: 'iVBORw0KGgo=', filename: 'a.png', mimeType: 'image/png' }],
  ];
  const cases: Category['cases'] = [];
  for (const code of [301, 302, 303, 307, 308]) {
    for (const [method, path, body] of paths) {
      cases.push({
        label: `${code} ${method} wordpress/${path}`,
        run: async () => {
          const created = await send(app, 'POST', '/api/clients', `Bearer ${user().idToken}`, {
            name: `Redirected ${code} ${path}`,
            wordpress_url: `${redirector.origin}/to/${code}`,
            wordpress_username: 'wpuser',
            wordpress_app_password: 'abcd efgh ijkl mnop',
          });
          const id = (created.body as Client).id;
          const before = elsewhere.hits.length;
          const reply = await send(
            app,
            method,
            `/api/clients/${id}/wordpress/${path}`,
            `Bearer ${user().idToken}`,
            body,
          );
          const leaked = elsewhere.hits.slice(before).some((hit) => hit.includes('Basic'));
          if (leaked) return fail('the application password reached the other origin');
          if (elsewhere.hits.length > before) return fail('the request reached the other origin');
          return reply.status >= 400 && ERROR_SHAPE(reply.body) ? pass : fail(`answered ${reply.status}`);
        },
      });
    }
  }
  return { name: 'WordPress credentials on a redirect to another origin', cases };
}

const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'file:///etc/passwd',
  'gopher://127.0.0.1:6379/_INFO',
  'data:text/html,<script>alert(1)</script>',
  'ftp://example.com/post',
  'vbscript:msgbox(1)',
  'http://',
  'https://user:secret@example.com/',
  `https://example.com/${'a'.repeat(2_100)}`,
  '//example.com/post',
];

function inputCategory(app: TestRuntime, user: () => TestUser, clientId: () => string): Category {
  const fields: Array<{
    method: string;
    path: () => string;
    body: (url: string) => Record<string, unknown>;
  }> = [
    {
      method: 'POST',
      path: () => '/api/generate-multi-platform',
      body: (blogUrl) => ({ types: ['blog-rewrite'], blogUrl }),
    },
    { method: 'POST', path: () => '/api/rewrite-blog', body: (url) => ({ url }) },
    { method: 'POST', path: () => '/api/rewrite-blog', body: (prompt) => ({ prompt }) },
    {
      method: 'POST',
      path: () => '/api/generate-content',
      body: (clientUrl) => ({ clientUrl, topic: 'Taps' }),
    },
    { method: 'POST', path: () => '/api/fetch-content', body: (url) => ({ url }) },
    {
      method: 'POST',
      path: () => '/api/clients',
      body: (wordpress_url) => ({ name: 'Hostile', wordpress_url }),
    },
    {
      method: 'PATCH',
      path: () => `/api/clients/${clientId()}`,
      body: (wordpress_url) => ({ wordpress_url }),
    },
  ];
  const cases: Category['cases'] = [];
  for (const field of fields) {
    for (const url of HOSTILE_URLS) {
      cases.push({
        label: `${field.method} ${field.path()} ${url.slice(0, 40)}`,
        run: async () => {
          const reply = await send(
            app,
            field.method,
            field.path(),
            `Bearer ${user().idToken}`,
            field.body(url),
          );
          if (reply.status !== 400) return fail(`answered ${reply.status}`);
          const message = JSON.stringify(reply.body);
          // fetch-content refuses some of these as unsafe addresses: a 400 that names the problem either way.
          return ERROR_SHAPE(reply.body) &&
            (message.includes(INVALID_URL_MESSAGE) || field.path() === '/api/fetch-content')
            ? pass
            : fail(`400 without the URL message: ${message.slice(0, 120)}`);
        },
      });
    }
  }
  return { name: 'URLs checked where they enter', cases };
}

function mediaCategory(
  app: TestRuntime,
  user: () => TestUser,
  clientId: () => string,
  wordpressSite: { hits: string[] },
): Category {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  const uploads: Array<[string, Buffer, string, string]> = [
    [
      'SVG with <script>',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'a.svg',
      'image/svg+xml',
    ],
    [
      'SVG with onload',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'a.svg',
      'image/svg+xml',
    ],
    [
      'SVG with an external image',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="https://t.example/p.png"/></svg>',
      ),
      'a.svg',
      'image/svg+xml',
    ],
    [
      'SVG with a DOCTYPE entity',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
      ),
      'a.svg',
      'image/svg+xml',
    ],
    [
      'SVG with a foreignObject',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="javascript:alert(1)"/></foreignObject></svg>',
      ),
      'a.svg',
      'image/svg+xml',
    ],
    ['MZ declared as PNG', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'a.png', 'image/png'],
    ['PHP declared as JPEG', Buffer.from('<?php system($_GET["c"]); ?>'), 'a.jpg', 'image/jpeg'],
    ['HTML declared as GIF', Buffer.from('<html><script>alert(1)</script></html>'), 'a.gif', 'image/gif'],
    ['PNG declared as WebP', png, 'a.webp', 'image/webp'],
    ['PNG under ../../evil.php', png, '../../evil.php', 'image/png'],
    ['PNG under evil.php', png, 'evil.php', 'image/png'],
    ['PNG under a.png.php', png, 'a.png.php', 'image/png'],
    ['PNG under a Windows path', png, '..\\..\\evil.png', 'image/png'],
    ['PNG under a NUL name', png, 'a\u0000.php.png', 'image/png'],
    ['PNG declared as text/html', png, 'a.html', 'text/html'],
  ];
  return {
    name: 'WordPress media uploads (magic bytes, SVG, file names)',
    cases: uploads.map(([label, file, filename, mimeType]) => ({
      label,
      run: async () => {
        const before = wordpressSite.hits.filter((hit) => hit.includes('/media')).length;
        const reply = await send(
          app,
          'POST',
          `/api/clients/${clientId()}/wordpress/media`,
          `Bearer ${user().idToken}`,
          {
            file: file.toString('base64'),
            filename,
            mimeType,
          },
        );
        if (wordpressSite.hits.filter((hit) => hit.includes('/media')).length > before)
          return fail('the file reached WordPress');
        return reply.status === 400 && ERROR_SHAPE(reply.body) ? pass : fail(`answered ${reply.status}`);
      },
    })),
  };
}

const BAD_CREDENTIALS: Array<[string, string | null]> = [
  ['none', null],
  ['Basic', 'Basic d3B1c2VyOnNlY3JldA=='],
  ['empty Bearer', 'Bearer '],
  ['garbage Bearer', 'Bearer not-a-token'],
  [
    'unsigned JWT',
    `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.`,
  ],
  ['made-up key', 'Bearer lbm_0000000000000000000000000000000000000000'],
];

function authorizationCategory(
  app: TestRuntime,
  users: () => { owner: TestUser; stranger: TestUser },
  ids: () => Record<string, string>,
): Category {
  const cases: Category['cases'] = [];
  const concrete = (path: string) =>
    path.replace(/\{(\w+)\}/g, (_match, name: string) => ids()[name] ?? '01J00000000000000000000000');
  for (const route of httpRoutes) {
    if (route.auth === 'public') continue;
    const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : '{"malformed":';
    for (const [name, authorization] of BAD_CREDENTIALS) {
      cases.push({
        label: `${route.method} ${route.path} with ${name}`,
        run: async () => {
          const reply = await send(app, route.method, concrete(route.path), authorization, body);
          if (reply.status !== 401) return fail(`answered ${reply.status}`);
          return ERROR_SHAPE(reply.body) ? pass : fail('401 not in the Error shape');
        },
      });
    }
    // Another user on the owner's resources, with a malformed body: 404 (or 403 on admin routes), never 400.
    if (/\{(clientId|contentId|keyId|jobId|accessId|userId)\}/.test(route.path) || route.auth === 'admin') {
      cases.push({
        label: `${route.method} ${route.path} as another user`,
        run: async () => {
          const reply = await send(
            app,
            route.method,
            concrete(route.path),
            `Bearer ${users().stranger.idToken}`,
            body,
          );
          const expected = route.auth === 'admin' ? 403 : 404;
          if (reply.status !== expected) return fail(`answered ${reply.status}`);
          return ERROR_SHAPE(reply.body) ? pass : fail('refusal not in the Error shape');
        },
      });
    }
  }
  // A known path with a method it does not serve; an unknown path.
  const served = new Map<string, Set<string>>();
  for (const route of httpRoutes)
    served.set(route.path, (served.get(route.path) ?? new Set()).add(route.method));
  for (const [path, methods] of served) {
    const wrong = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].find((method) => !methods.has(method));
    if (!wrong) continue;
    cases.push({
      label: `${wrong} ${path} (not served)`,
      run: async () => {
        const reply = await send(app, wrong, concrete(path), `Bearer ${users().owner.idToken}`);
        if (reply.status !== 405) return fail(`answered ${reply.status}`);
        return ERROR_SHAPE(reply.body) ? pass : fail('405 not in the Error shape');
      },
    });
  }
  // Sent as written (fetch would resolve the dot segments before sending).
  for (const path of ['/api/nope', '/api/clients/x/y/z/w', '/api/%zz', '/api/clients/%E0%A4%A']) {
    cases.push({
      label: `GET ${path}`,
      run: async () => {
        const reply = await sendRaw(app, path, `Bearer ${users().owner.idToken}`);
        if (reply.status < 400 || reply.status >= 500) return fail(`answered ${reply.status}`);
        return ERROR_SHAPE(reply.body) ? pass : fail(`${reply.status} not in the Error shape`);
      },
    });
  }
  // Dot segments may resolve to another page of the app, never to a file outside it.
  for (const path of [
    '/api/../../../../etc/passwd',
    '/api/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2f..%2fetc/passwd',
  ]) {
    cases.push({
      label: `GET ${path}`,
      run: async () => {
        const reply = await sendRaw(app, path, `Bearer ${users().owner.idToken}`);
        if (String(reply.body).includes('root:')) return fail('served /etc/passwd');
        return reply.status < 500 ? pass : fail(`answered ${reply.status}`);
      },
    });
  }
  return {
    name: 'Authorization and the error shape (every route × bad credentials, outsiders, wrong methods)',
    cases,
  };
}

function frameCategory(app: TestRuntime, user: () => TestUser): Category {
  const socketUrl = () => `${app.runtime.config.wsUrl}?token=${encodeURIComponent(user().idToken)}`;
  const stillServes = async (): Promise<boolean> => (await fetch(`${app.url}/api/health`)).status === 200;
  const frames: Array<[string, (socket: import('node:net').Socket) => void, number | null]> = [
    [
      'a 200 KB message',
      (socket) => socket.write(Buffer.concat([frameHeader(1, 200_000), Buffer.alloc(200_000, 0x61)])),
      1009,
    ],
    ['a 16 MB length, no payload', (socket) => socket.write(frameHeader(2, 16 * 1024 * 1024)), 1009],
    [
      'reserved bits set',
      (socket) => socket.write(Buffer.concat([frameHeader(1, 2, 0x70), Buffer.from('hi')])),
      1002,
    ],
    [
      'an unknown opcode',
      (socket) => socket.write(Buffer.concat([frameHeader(0x3, 2), Buffer.from('hi')])),
      1002,
    ],
    ['an unmasked frame', (socket) => socket.write(Buffer.from([0x81, 0x02, 0x68, 0x69])), 1002],
    [
      'a disconnect mid-message',
      (socket) => {
        socket.write(Buffer.concat([frameHeader(1, 1000), Buffer.alloc(10, 0x61)]));
        socket.destroy();
      },
      null,
    ],
    ['garbage bytes', (socket) => socket.write(Buffer.from('\u0000\u00ff'.repeat(64), 'latin1')), 1002],
  ];
  return {
    name: 'WebSocket frames',
    cases: frames.map(([label, write, expected]) => ({
      label,
      run: async () => {
        const socket = await openRawWebSocket(socketUrl());
        const closed = closeCodeFrom(socket);
        write(socket);
        const code =
          expected === null
            ? null
            : await Promise.race([
                closed,
                new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 5_000)),
              ]);
        socket.destroy();
        if (!(await stillServes())) return fail('the app stopped serving');
        if (expected !== null && code !== expected) return fail(`closed with ${String(code)}`);
        return pass;
      },
    })),
  };
}

export async function run(): Promise<void> {
  // The stored-XSS category renders the app's screens: the runtime serves the current build.
  await ensureFrontendBuild();
  const inner = await privateListener();
  const elsewhere = await privateListener();
  const site = await startLocalHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site');
    if (url.pathname === '/redirect') {
      response
        .writeHead(Number(url.searchParams.get('code')), { location: url.searchParams.get('to') ?? '/' })
        .end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end('<article><p>A page.</p></article>');
  });
  // Answers every WordPress call with a redirect to another origin (the status from the path).
  const redirector = await startLocalHttpServer((request, response) => {
    const code = Number(/\/to\/(\d+)/.exec(request.url ?? '')?.[1] ?? 302);
    response.writeHead(code, { location: `${elsewhere.origin}${request.url ?? '/'}` }).end();
  });
  const wordpressSite = await privateListener();
  const app = await startTestRuntime({
    env: {
      // `elsewhere` stands for another public origin: only the redirect rule may keep credentials from it.
      FETCH_ALLOW_HOSTS: [
        site.hostPort,
        redirector.hostPort,
        wordpressSite.hostPort,
        elsewhere.hostPort,
      ].join(','),
      API_KEY_RATE_LIMIT: '100000',
    },
  });
  try {
    const [owner, stranger] = await Promise.all([app.createUser(), app.createUser()]);
    const created = await app.request<Client>('POST', '/api/clients', {
      token: owner.idToken,
      body: {
        name: 'Probe Plumbing',
        wordpress_url: wordpressSite.origin,
        wordpress_username: 'wpuser',
        wordpress_app_password: 'abcd efgh ijkl mnop',
      },
    });
    const client = created.body;
    const ids = { clientId: client.id, userId: owner.userId };
    const categories = [
      ssrfCategory(app, () => owner, inner, site),
      credentialRedirectCategory(app, () => owner, redirector, elsewhere),
      inputCategory(
        app,
        () => owner,
        () => client.id,
      ),
      mediaCategory(
        app,
        () => owner,
        () => client.id,
        wordpressSite,
      ),
      authorizationCategory(
        app,
        () => ({ owner, stranger }),
        () => ids,
      ),
      frameCategory(app, () => owner),
    ];
    console.log('category | tried | refused correctly | wrong');
    let tried = 0;
    let wrong = 0;
    for (const category of categories) {
      const failures: string[] = [];
      for (const probe of category.cases) {
        const verdict = await probe.run().catch((error: unknown) => fail(`threw ${String(error)}`));
        if (!verdict.ok) failures.push(`${probe.label}: ${verdict.why}`);
      }
      tried += category.cases.length;
      wrong += failures.length;
      console.log(
        `${category.name} | ${category.cases.length} | ${category.cases.length - failures.length} | ${failures.length}`,
      );
      for (const failure of failures.slice(0, 10)) console.log(`    wrong: ${failure}`);
    }
    console.log(`private listener hits: ${inner.hits.length}; other-origin hits: ${elsewhere.hits.length}`);

    const xssStarted = Date.now();
    const { tried: xssTried, wrong: xssWrong } = printStoredXssFigures(await runStoredXssProbe(app));
    console.log(
      `stored XSS | ${xssTried} | ${xssTried - xssWrong} | ${xssWrong}   (${Math.round((Date.now() - xssStarted) / 1000)} s)`,
    );
    tried += xssTried;
    wrong += xssWrong;

    const crash = await runCrashProbe();
    for (const line of crash.lines) console.log(`    ${line}`);
    console.log(
      `kill -9 during running jobs | ${crash.tried} | ${crash.correct} | ${crash.tried - crash.correct}`,
    );
    for (const failure of crash.wrong.slice(0, 10)) console.log(`    wrong: ${failure}`);
    tried += crash.tried;
    wrong += crash.tried - crash.correct;
    console.log(`all | ${tried} | ${tried - wrong} | ${wrong}`);
  } finally {
    await app.stop();
    await Promise.all([
      inner.close(),
      elsewhere.close(),
      site.close(),
      redirector.close(),
      wordpressSite.close(),
    ]);
  }
}
