import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { envNames } from '#contract/routes';
import {
  blockedAddressReason,
  isSameOrigin,
  type ResolveHost,
  type SafeFetchOptions,
  safeFetch,
  safeRequest,
} from './safe-fetch';
import { CrossOriginRedirectError, FetchFailedError, UnsafeUrlError } from './safe-fetch-errors';
import { type LocalHttpServer, startLocalHttpServer } from './testing/local-http-server';

const ALLOW = envNames.fetchAllowHosts;

let canary: LocalHttpServer;

beforeAll(async () => {
  canary = await startLocalHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>canary reached</p>');
  });
});

afterAll(async () => {
  await canary.close();
});

afterEach(() => {
  delete process.env[ALLOW];
});

/** A lookup that answers from a fixed table and records every name it was asked for. */
function fakeDns(table: Record<string, readonly string[]>) {
  return vi.fn<ResolveHost>(async (hostname) => {
    const addresses = table[hostname];
    if (addresses === undefined) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);
  });
}

async function refusal(url: string, options: SafeFetchOptions = {}): Promise<Error> {
  const error = await safeFetch(url, options).then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof Error)) throw new Error(`expected ${url} to be refused`);
  return error;
}

describe('safeFetch refuses schemes other than http and https', () => {
  it.each([
    ['file:///etc/passwd', 'file'],
    ['FILE:///etc/passwd', 'file'],
    ['gopher://127.0.0.1:PORT/_GET%20/', 'gopher'],
    ['data:text/html,<p>hi</p>', 'data'],
    ['ftp://127.0.0.1:PORT/', 'ftp'],
    ['javascript:alert(1)', 'javascript'],
    [' ws://127.0.0.1:PORT/', 'ws'],
  ])('%s', async (template, scheme) => {
    const lookup = fakeDns({});
    const error = await refusal(template.replace('PORT', String(canary.port)), { lookup });
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error).toMatchObject({ code: 'unsupported_scheme' });
    expect(error.message).toBe(
      `URL must start with http:// or https:// ("${scheme}:" addresses cannot be read)`,
    );
    expect(lookup).not.toHaveBeenCalled();
    expect(canary.hits).toEqual([]);
  });

  it('asks for a scheme when there is none, and refuses credentials', async () => {
    expect((await refusal('example.com/page')).message).toBe('URL must start with http:// or https://');
    expect((await refusal('not a url at all')).message).toBe('URL must start with http:// or https://');
    expect((await refusal(`http://user:secret@127.0.0.1:${canary.port}/`)).message).toBe(
      'URL must not contain a user name or password',
    );
    expect(canary.hits).toEqual([]);
  });
});

describe('safeFetch refuses loopback in every written form, before connecting', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['127.255.255.254', '127.255.255.254'],
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['[::ffff:7f00:1]', '::ffff:7f00:1'],
    ['[0:0:0:0:0:ffff:7f00:1]', '::ffff:7f00:1'],
    ['[::1]', '::1'],
  ])('http://%s', async (host, shown) => {
    const lookup = fakeDns({});
    const error = await refusal(`http://${host}:${canary.port}/secret`, { lookup });
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error).toMatchObject({ code: 'blocked_address' });
    expect(error.message).toBe(`This address is not allowed: ${shown} is a loopback address (this machine)`);
    expect(lookup).not.toHaveBeenCalled();
    expect(canary.hits).toEqual([]);
  });

  it.each([
    ['0.0.0.0', '0.0.0.0 is an unspecified address'],
    ['0', '0.0.0.0 is an unspecified address'],
    ['[::]', ':: is an unspecified address'],
    ['[::127.0.0.1]', '::7f00:1 is a reserved address'],
  ])('http://%s (reaches this machine on Linux)', async (host, reason) => {
    const error = await refusal(`http://${host}:${canary.port}/`);
    expect(error.message).toBe(`This address is not allowed: ${reason}`);
    expect(canary.hits).toEqual([]);
  });
});

describe('safeFetch refuses private, link-local, metadata and reserved addresses', () => {
  it.each([
    ['10.0.0.1', 'a private network address'],
    ['10.255.255.255', 'a private network address'],
    ['172.16.0.1', 'a private network address'],
    ['172.31.255.255', 'a private network address'],
    ['192.168.1.1', 'a private network address'],
    ['100.64.0.1', 'a shared (carrier-grade NAT) network address'],
    ['169.254.169.254', 'a cloud metadata service address'],
    ['169.254.1.1', 'a link-local address'],
    ['224.0.0.1', 'a multicast address'],
    ['255.255.255.255', 'a broadcast address'],
    ['240.0.0.1', 'a reserved address'],
    ['192.0.2.1', 'a reserved address'],
    ['[fc00::1]', 'a private network address'],
    ['[fd12:3456:789a::1]', 'a private network address'],
    ['[fd00:ec2::254]', 'a cloud metadata service address'],
    ['[fe80::1]', 'a link-local address'],
    ['[ff02::1]', 'a multicast address'],
    ['[::ffff:10.0.0.1]', 'a private network address'],
    ['[::ffff:169.254.169.254]', 'a cloud metadata service address'],
    ['[64:ff9b::a00:1]', 'a reserved address'],
    ['[2002:a00:1::]', 'a reserved address'],
  ])('http://%s', async (host, reason) => {
    const lookup = fakeDns({});
    const error = await refusal(`http://${host}/latest/meta-data/`, { lookup });
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error.message).toMatch(/^This address is not allowed: \S+ is /);
    expect(error.message.endsWith(` is ${reason}`)).toBe(true);
    expect(lookup).not.toHaveBeenCalled();
    expect(canary.hits).toEqual([]);
  });

  it('names the address in the message', async () => {
    expect((await refusal('http://10.0.0.1/')).message).toBe(
      'This address is not allowed: 10.0.0.1 is a private network address',
    );
  });
});

describe('safeFetch checks what a name resolves to', () => {
  it('refuses a name that resolves to a private address', async () => {
    const lookup = fakeDns({ 'intranet.example': ['10.0.0.5'] });
    const error = await refusal('http://intranet.example/admin', { lookup });
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error.message).toBe(
      'This address is not allowed: intranet.example resolves to 10.0.0.5, a private network address',
    );
    expect(lookup).toHaveBeenCalledWith('intranet.example');
  });

  it('refuses a name that resolves to the canary and never reaches it', async () => {
    const lookup = fakeDns({ 'sneaky.example': ['127.0.0.1'] });
    const error = await refusal(`http://sneaky.example:${canary.port}/`, { lookup });
    expect(error.message).toBe(
      'This address is not allowed: sneaky.example resolves to 127.0.0.1, a loopback address (this machine)',
    );
    expect(canary.hits).toEqual([]);
  });

  it('refuses a name when any of its addresses is blocked', async () => {
    const lookup = fakeDns({ 'mixed.example': ['93.184.216.34', '::ffff:192.168.0.10'] });
    const error = await refusal(`http://mixed.example:${canary.port}/`, { lookup });
    expect(error.message).toBe(
      'This address is not allowed: mixed.example resolves to ::ffff:192.168.0.10, a private network address',
    );
    expect(canary.hits).toEqual([]);
  });

  it('says so when a name does not resolve', async () => {
    const error = await refusal('http://nowhere.example/', { lookup: fakeDns({}) });
    expect(error).toBeInstanceOf(FetchFailedError);
    expect(error).toMatchObject({
      code: 'dns_failed',
      message: 'The address nowhere.example could not be found',
    });
  });
});

describe('safeFetch checks every redirect hop', () => {
  let redirector: LocalHttpServer;
  let location = '';

  beforeAll(async () => {
    redirector = await startLocalHttpServer((_request, response) => {
      response.writeHead(302, { location }).end();
    });
  });

  afterAll(async () => {
    await redirector.close();
  });

  it.each([
    ['http://127.0.0.1:CANARY/secret', '127.0.0.1 is a loopback address (this machine)'],
    ['http://[::ffff:7f00:1]:CANARY/', '::ffff:7f00:1 is a loopback address (this machine)'],
    ['http://2130706433:CANARY/', '127.0.0.1 is a loopback address (this machine)'],
    [
      'http://sneaky.example:CANARY/',
      'sneaky.example resolves to 127.0.0.1, a loopback address (this machine)',
    ],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata service address'],
  ])('a redirect to %s is refused and the target never hit', async (target, reason) => {
    location = target.replace('CANARY', String(canary.port));
    process.env[ALLOW] = redirector.hostPort;
    const before = redirector.hits.length;
    const lookup = fakeDns({ 'sneaky.example': ['127.0.0.1'] });
    const error = await refusal(`${redirector.origin}/start`, { lookup });
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error.message).toBe(
      `The page redirected to ${new URL(location).href}. This address is not allowed: ${reason}`,
    );
    expect(redirector.hits.length).toBe(before + 1);
    expect(canary.hits).toEqual([]);
  });

  it('a redirect to a file: URL is refused', async () => {
    location = 'file:///etc/passwd';
    process.env[ALLOW] = redirector.hostPort;
    const error = await refusal(`${redirector.origin}/start`);
    expect(error.message).toBe(
      'The page redirected to file:///etc/passwd. URL must start with http:// or https:// ("file:" addresses cannot be read)',
    );
  });

  it('stops after 5 redirects', async () => {
    location = '/again';
    process.env[ALLOW] = redirector.hostPort;
    const before = redirector.hits.length;
    const error = await refusal(`${redirector.origin}/start`);
    expect(error).toMatchObject({
      code: 'too_many_redirects',
      message: 'The page redirected more than 5 times',
    });
    expect(redirector.hits.length - before).toBe(6);
  });
});

describe('safeFetch limits size and time', () => {
  it('stops reading an endless body after 5 MB without buffering it all', async () => {
    let written = 0;
    let closed: () => void = () => {};
    const connectionClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const endless = await startLocalHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.on('close', closed);
      const pump = () => {
        // 50 MB would be the whole body; the client must hang up long before.
        while (written < 50 * 1024 * 1024 && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', pump);
            return;
          }
        }
        response.end();
      };
      pump();
    });
    try {
      process.env[ALLOW] = endless.hostPort;
      const error = await refusal(`${endless.origin}/big`);
      expect(error).toBeInstanceOf(FetchFailedError);
      expect(error).toMatchObject({ code: 'too_large', message: 'The page is larger than 5 MB' });
      await connectionClosed;
      expect(written).toBeLessThan(20 * 1024 * 1024);
    } finally {
      await endless.close();
    }
  });

  it('refuses a declared 50 MB body from its Content-Length alone', async () => {
    let sent = 0;
    const big = await startLocalHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * 1024 * 1024) });
      response.write('<p>start</p>');
      sent = 1;
    });
    try {
      process.env[ALLOW] = big.hostPort;
      const error = await refusal(`${big.origin}/`);
      expect(error).toMatchObject({ code: 'too_large', message: 'The page is larger than 5 MB' });
      expect(sent).toBe(1);
    } finally {
      await big.close();
    }
  });

  it('counts decompressed bytes, so a gzip bomb is refused', async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024, ' '));
    const server = await startLocalHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb);
    });
    try {
      process.env[ALLOW] = server.hostPort;
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const error = await refusal(`${server.origin}/`);
      expect(error).toMatchObject({ code: 'too_large', message: 'The page is larger than 5 MB' });
    } finally {
      await server.close();
    }
  });

  it('gives up on a server that never answers', async () => {
    const silent = await startLocalHttpServer(() => {});
    try {
      process.env[ALLOW] = silent.hostPort;
      const error = await refusal(`${silent.origin}/`, { timeoutMs: 200 });
      expect(error).toBeInstanceOf(FetchFailedError);
      expect(error).toMatchObject({
        code: 'timeout',
        message: 'The page took longer than 0.2 seconds to respond',
      });
      expect(silent.hits).toHaveLength(1);
    } finally {
      await silent.close();
    }
  });

  it('gives up on a DNS lookup that never answers', async () => {
    const lookup: ResolveHost = () => new Promise(() => {});
    const error = await refusal('http://slow-dns.example/', { timeoutMs: 100, lookup });
    expect(error).toMatchObject({
      code: 'timeout',
      message: 'The page took longer than 0.1 seconds to respond',
    });
  });
});

describe('safeFetch with FETCH_ALLOW_HOSTS', () => {
  let site: LocalHttpServer;
  const pages: Record<string, (response: ServerResponse) => void> = {
    '/': (r) => r.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Café</h1>'),
    '/latin1': (r) =>
      r
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          Buffer.concat([
            Buffer.from('<meta charset="windows-1252"><p>'),
            Buffer.from([0x93, 0x43, 0x61, 0x66, 0xe9, 0x94]),
          ]),
        ),
    '/moved': (r) => r.writeHead(301, { location: '/' }).end(),
    '/plain': (r) => r.writeHead(200, { 'content-type': 'text/plain' }).end('just text'),
    '/json': (r) => r.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}'),
    '/pdf': (r) => r.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4'),
    '/gone': (r) => r.writeHead(404, { 'content-type': 'text/html' }).end('<p>nope</p>'),
    '/broken': (r) => r.writeHead(503).end(),
  };

  beforeAll(async () => {
    site = await startLocalHttpServer((request, response) => {
      const page = pages[request.url ?? ''];
      if (page === undefined) response.writeHead(500).end();
      else page(response);
    });
  });

  afterAll(async () => {
    await site.close();
  });

  it('is read at call time and lets exactly the listed host:port through', async () => {
    const refused = await refusal(`${site.origin}/`);
    expect(refused.message).toBe(
      'This address is not allowed: 127.0.0.1 is a loopback address (this machine)',
    );
    expect(site.hits).toEqual([]);

    process.env[ALLOW] = ` other.example:80 , ${site.hostPort} `;
    const response = await safeFetch(`${site.origin}/`);
    expect(response).toEqual({
      url: `${site.origin}/`,
      status: 200,
      contentType: 'text/html',
      body: '<h1>Café</h1>',
      bytes: 14,
      headers: expect.objectContaining({ 'content-type': expect.stringContaining('text/html') }),
    });

    process.env[ALLOW] = `127.0.0.1:${site.port + 1}`;
    expect((await refusal(`${site.origin}/`)).message).toContain('127.0.0.1 is a loopback address');
  });

  it('connects to the checked address while keeping the Host header of the name', async () => {
    process.env[ALLOW] = `site.test:${site.port}`;
    const lookup = fakeDns({ 'site.test': ['127.0.0.1'] });
    const response = await safeFetch(`http://site.test:${site.port}/plain`, { lookup });
    expect(response.body).toBe('just text');
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(site.hits.at(-1)).toEqual({ method: 'GET', path: '/plain', host: `site.test:${site.port}` });
  });

  it('follows an allowed redirect and reports the final URL', async () => {
    process.env[ALLOW] = site.hostPort;
    const response = await safeFetch(`${site.origin}/moved`);
    expect(response.url).toBe(`${site.origin}/`);
    expect(response.body).toBe('<h1>Café</h1>');
  });

  it('decodes the charset a page declares in a <meta>', async () => {
    process.env[ALLOW] = site.hostPort;
    const response = await safeFetch(`${site.origin}/latin1`);
    expect(response.body).toBe('<meta charset="windows-1252"><p>\u201cCafé\u201d');
  });

  it('reads plain text, refuses other types, and reads JSON only when asked', async () => {
    process.env[ALLOW] = site.hostPort;
    expect((await safeFetch(`${site.origin}/plain`)).contentType).toBe('text/plain');
    expect((await refusal(`${site.origin}/pdf`)).message).toBe(
      'The URL returned application/pdf content; only web pages (HTML) and plain text can be read',
    );
    expect((await refusal(`${site.origin}/json`)).message).toContain('application/json content');
    expect((await safeFetch(`${site.origin}/json`, { allowJson: true })).body).toBe('{"a":1}');
  });

  it('reports the status of an error page', async () => {
    process.env[ALLOW] = site.hostPort;
    const notFound = await refusal(`${site.origin}/gone`);
    expect(notFound).toBeInstanceOf(FetchFailedError);
    expect(notFound).toMatchObject({
      code: 'http_status',
      status: 404,
      message: 'The page answered 404 Not Found',
    });
    expect((await refusal(`${site.origin}/broken`)).message).toBe(
      'The page answered 503 Service Unavailable',
    );
  });

  it('says when nothing listens', async () => {
    const closed = await startLocalHttpServer(() => {});
    await closed.close();
    process.env[ALLOW] = closed.hostPort;
    expect((await refusal(`${closed.origin}/`)).message).toBe('127.0.0.1 refused the connection');
  });
});

describe('safeFetch over TLS', () => {
  it('sends the original name as SNI while connecting to the checked address', async () => {
    const names: string[] = [];
    const tls = createTlsServer({
      SNICallback: (servername, callback) => {
        names.push(servername);
        callback(new Error('no certificate in this test'));
      },
    });
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const { port } = tls.address() as AddressInfo;
    try {
      process.env[ALLOW] = `secure.test:${port}`;
      const error = await refusal(`https://secure.test:${port}/`, {
        lookup: fakeDns({ 'secure.test': ['127.0.0.1'] }),
      });
      expect(error).toBeInstanceOf(FetchFailedError);
      expect(error.message).toMatch(
        /^(The secure connection to secure\.test failed|secure\.test closed the connection)/,
      );
      expect(names).toEqual(['secure.test']);
    } finally {
      await new Promise<void>((resolve) => tls.close(() => resolve()));
    }
  });
});

describe('safeRequest (API calls to a user-given site)', () => {
  let api: LocalHttpServer;
  const received: { method: string; path: string; auth: string | undefined; body: string }[] = [];

  beforeAll(async () => {
    api = await startLocalHttpServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        received.push({
          method: request.method ?? '',
          path,
          auth: request.headers.authorization,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        if (path.startsWith('/moved-permanently')) {
          response.writeHead(301, { location: '/landed' }).end();
        } else if (path.startsWith('/moved-temporarily')) {
          response.writeHead(307, { location: '/landed' }).end();
        } else if (path.startsWith('/refused')) {
          response
            .writeHead(401, { 'content-type': 'application/json; charset=UTF-8' })
            .end('{"code":"incorrect_password","message":"The password is wrong."}');
        } else {
          response.writeHead(201, { 'content-type': 'application/json', 'x-total': '3' }).end('{"ok":true}');
        }
      });
    });
  });

  afterAll(async () => {
    await api.close();
  });

  it('sends the method, headers and body, and returns the status, type and headers', async () => {
    process.env[ALLOW] = api.hostPort;
    received.length = 0;
    const response = await safeRequest(`${api.origin}/items`, {
      method: 'POST',
      headers: { authorization: 'Basic abc', 'content-type': 'application/json' },
      body: '{"title":"Hello"}',
    });
    expect(response).toMatchObject({ status: 201, contentType: 'application/json', body: '{"ok":true}' });
    expect(response.headers['x-total']).toBe('3');
    expect(received).toEqual([
      { method: 'POST', path: '/items', auth: 'Basic abc', body: '{"title":"Hello"}' },
    ]);
  });

  it('returns an error answer with its body instead of throwing', async () => {
    process.env[ALLOW] = api.hostPort;
    const response = await safeRequest(`${api.origin}/refused`);
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toEqual({
      code: 'incorrect_password',
      message: 'The password is wrong.',
    });
  });

  it('repeats a write on 307 but never turns it into a GET on 301', async () => {
    process.env[ALLOW] = api.hostPort;
    received.length = 0;
    const kept = await safeRequest(`${api.origin}/moved-temporarily`, { method: 'PUT', body: 'x' });
    expect(kept.status).toBe(201);
    const stopped = await safeRequest(`${api.origin}/moved-permanently`, { method: 'POST', body: 'y' });
    expect(stopped.status).toBe(301);
    expect(received.map((hit) => `${hit.method} ${hit.path} ${hit.body}`)).toEqual([
      'PUT /moved-temporarily x',
      'PUT /landed x',
      'POST /moved-permanently y',
    ]);
    const read = await safeRequest(`${api.origin}/moved-permanently`);
    expect(read.url).toBe(`${api.origin}/landed`);
  });

  it('refuses private addresses like safeFetch does', async () => {
    const error = await safeRequest(`${api.origin}/items`, { method: 'POST', body: '{}' }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(UnsafeUrlError);
  });
});

describe('credentials on redirects (the Fetch standard)', () => {
  interface Received {
    readonly path: string;
    readonly authorization: string | undefined;
    readonly cookie: string | undefined;
    readonly proxyAuthorization: string | undefined;
  }
  let first: LocalHttpServer;
  let second: LocalHttpServer;
  const atSecond: Received[] = [];
  const atFirst: Received[] = [];
  const record = (list: Received[], request: IncomingMessage) =>
    list.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      cookie: request.headers.cookie,
      proxyAuthorization: request.headers['proxy-authorization'],
    });

  beforeAll(async () => {
    second = await startLocalHttpServer((request, response) => {
      record(atSecond, request);
      if (request.url === '/back') {
        response.writeHead(307, { location: `${first.origin}/home` }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"at":"second"}');
    });
    first = await startLocalHttpServer((request, response) => {
      record(atFirst, request);
      if (request.url === '/elsewhere') {
        response.writeHead(307, { location: `${second.origin}/landed` }).end();
      } else if (request.url === '/round-trip') {
        response.writeHead(302, { location: `${second.origin}/back` }).end();
      } else if (request.url === '/same-origin') {
        response.writeHead(301, { location: '/home' }).end();
      } else {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"at":"first"}');
      }
    });
  });

  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  const secrets = {
    authorization: 'Basic d3B1c2VyOnNlY3JldA==',
    cookie: 'session=1',
    'proxy-authorization': 'Basic cHJveHk6cHc=',
  };

  it('drops Authorization, Cookie and Proxy-Authorization on a redirect to another origin', async () => {
    process.env[ALLOW] = `${first.hostPort},${second.hostPort}`;
    atSecond.length = 0;
    const response = await safeRequest(`${first.origin}/elsewhere`, { headers: secrets });
    expect(response.body).toBe('{"at":"second"}');
    expect(atSecond).toEqual([
      { path: '/landed', authorization: undefined, cookie: undefined, proxyAuthorization: undefined },
    ]);
  });

  it('keeps them dropped when a later hop comes back to the first origin', async () => {
    process.env[ALLOW] = `${first.hostPort},${second.hostPort}`;
    atFirst.length = 0;
    await safeRequest(`${first.origin}/round-trip`, { headers: secrets });
    expect(atFirst.map((hit) => [hit.path, hit.authorization])).toEqual([
      ['/round-trip', secrets.authorization],
      ['/home', undefined],
    ]);
  });

  it('keeps them on a redirect within the same origin', async () => {
    process.env[ALLOW] = first.hostPort;
    atFirst.length = 0;
    await safeRequest(`${first.origin}/same-origin`, { headers: secrets });
    expect(atFirst.map((hit) => [hit.path, hit.authorization, hit.cookie])).toEqual([
      ['/same-origin', secrets.authorization, secrets.cookie],
      ['/home', secrets.authorization, secrets.cookie],
    ]);
  });

  it('refuses a redirect to another origin outright when asked, and never contacts it', async () => {
    process.env[ALLOW] = `${first.hostPort},${second.hostPort}`;
    atSecond.length = 0;
    const error = await safeRequest(`${first.origin}/elsewhere`, {
      headers: secrets,
      crossOriginRedirects: 'refuse',
    }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(CrossOriginRedirectError);
    expect(error).toMatchObject({
      code: 'cross_origin_redirect',
      from: `${first.origin}/elsewhere`,
      to: `${second.origin}/landed`,
    });
    expect(atSecond).toEqual([]);
    const sameOrigin = await safeRequest(`${first.origin}/same-origin`, { crossOriginRedirects: 'refuse' });
    expect(sameOrigin.body).toBe('{"at":"first"}');
  });

  it('counts http → https on the same host as another origin', () => {
    expect(isSameOrigin(new URL('http://site.test/a'), new URL('https://site.test/a'))).toBe(false);
    expect(isSameOrigin(new URL('http://site.test/a'), new URL('http://site.test:8080/a'))).toBe(false);
    expect(isSameOrigin(new URL('http://site.test/a'), new URL('http://www.site.test/a'))).toBe(false);
    expect(isSameOrigin(new URL('http://SITE.test:80/a'), new URL('http://site.test/b?c'))).toBe(true);
  });
});

describe('blockedAddressReason', () => {
  it('lets public addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111']) {
      expect(blockedAddressReason(address)).toBeNull();
    }
  });

  it('refuses what is not an address', () => {
    expect(blockedAddressReason('example.com')).toBe('not a valid IP address');
  });
});
