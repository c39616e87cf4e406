import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage, STATUS_CODES } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { TextDecoder } from 'node:util';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { envNames } from '#contract/routes';
import {
  CrossOriginRedirectError,
  FetchFailedError,
  SafeFetchError,
  UnsafeUrlError,
} from './safe-fetch-errors';

/**
 * Fetches a URL that a user typed, without letting it reach anything but the public web: every hop is
 * resolved and checked against the blocked address ranges, and the connection goes to the very address
 * that was checked (a second DNS answer could otherwise point somewhere else). Time, size, redirects and
 * content types are bounded. Credentials never follow a redirect to another origin.
 */

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to every address it has; injectable so tests need no real DNS. */
export type ResolveHost = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface SafeFetchOptions {
  /** Whole fetch, DNS and redirects included. Default 10 s. */
  readonly timeoutMs?: number;
  /** Largest body accepted, counted after decompression. Default 5 MB. */
  readonly maxBytes?: number;
  /** Default 5. */
  readonly maxRedirects?: number;
  readonly lookup?: ResolveHost;
  /** Accept JSON bodies too (internal callers only; users' URLs are read as pages). */
  readonly allowJson?: boolean;
}

export interface SafeFetchResponse {
  /** The URL that answered, after redirects. */
  readonly url: string;
  readonly status: number;
  /** Media type without parameters, lower case: `text/html`, `text/plain`, ... */
  readonly contentType: string;
  readonly body: string;
  /** Body size in bytes after decompression. */
  readonly bytes: number;
  /** Response headers, names in lower case (paging headers of APIs, for instance). */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
export const DEFAULT_FETCH_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_FETCH_MAX_REDIRECTS = 5;

const PAGE_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain'];
const JSON_TYPES = ['application/json'];
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

const RANGE_DESCRIPTIONS: Partial<Record<string, string>> = {
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  uniqueLocal: 'a private network address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a shared (carrier-grade NAT) network address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
};

const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254']);

/**
 * Why an IP address may not be contacted, or null when it is an ordinary public address. IPv4-mapped
 * IPv6 addresses are judged as the IPv4 address they carry.
 */
export function blockedAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not a valid IP address';
  const parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) {
    return blockedAddressReason(parsed.toIPv4Address().toString());
  }
  if (METADATA_ADDRESSES.has(parsed.toString())) return 'a cloud metadata service address';
  const range = parsed.range();
  if (range !== 'unicast') return RANGE_DESCRIPTIONS[range] ?? 'a reserved address';
  // ipaddr.js calls everything it does not know "unicast"; on IPv6 only 2000::/3 is the public internet.
  if (parsed instanceof ipaddr.IPv6 && !parsed.match(GLOBAL_UNICAST_V6)) return 'a reserved address';
  return null;
}

/** host:port pairs from FETCH_ALLOW_HOSTS that may be fetched even when private (local tests only). */
function allowedHostPorts(): ReadonlySet<string> {
  const raw = process.env[envNames.fetchAllowHosts] ?? '';
  return new Set(
    raw
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry.length > 0),
  );
}

function hostPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

/** Whether FETCH_ALLOW_HOSTS names the URL's host and port (local tests' servers only). */
export function isAllowListedHost(url: URL): boolean {
  return allowedHostPorts().has(hostPort(url));
}

/** `[::1]` → `::1`: URL keeps IPv6 brackets, sockets and DNS do not. */
function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

function parseUserUrl(input: string): URL {
  const trimmed = input.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    throw new UnsafeUrlError(
      'unsupported_scheme',
      `URL must start with http:// or https:// ("${scheme}:" addresses cannot be read)`,
    );
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    const hint = scheme === undefined ? 'URL must start with http:// or https://' : 'This is not a valid URL';
    throw new UnsafeUrlError('invalid_url', hint);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsafeUrlError('unsupported_scheme', 'URL must start with http:// or https://');
  }
  if (url.username !== '' || url.password !== '') {
    throw new UnsafeUrlError('credentials_in_url', 'URL must not contain a user name or password');
  }
  return url;
}

const systemLookup: ResolveHost = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

function familyOf(address: string): 4 | 6 {
  return isIP(address) === 6 ? 6 : 4;
}

/** Checks where `url` leads and returns the one address the connection must use. */
async function resolveAllowed(url: URL, resolveHost: ResolveHost): Promise<ResolvedAddress> {
  const host = bareHost(url);
  const allowed = allowedHostPorts().has(hostPort(url));
  if (isIP(host) !== 0) {
    const reason = allowed ? null : blockedAddressReason(host);
    if (reason !== null)
      throw new UnsafeUrlError('blocked_address', `This address is not allowed: ${host} is ${reason}`);
    return { address: host, family: familyOf(host) };
  }
  let answers: readonly ResolvedAddress[];
  try {
    answers = await resolveHost(host);
  } catch {
    throw new FetchFailedError('dns_failed', `The address ${host} could not be found`);
  }
  const first = answers[0];
  if (first === undefined) throw new FetchFailedError('dns_failed', `The address ${host} could not be found`);
  if (!allowed) {
    // One bad answer refuses the name: which answer a connection would use is not ours to predict.
    for (const answer of answers) {
      const reason = blockedAddressReason(answer.address);
      if (reason !== null) {
        throw new UnsafeUrlError(
          'blocked_address',
          `This address is not allowed: ${host} resolves to ${answer.address}, ${reason}`,
        );
      }
    }
  }
  return first;
}

/** A lookup that always answers with the address already checked, so the socket cannot go elsewhere. */
function pinnedLookup(resolved: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: resolved.address, family: resolved.family }]);
    else callback(null, resolved.address, resolved.family);
  };
}

/** What is sent: a page read is a bare GET; API clients (safeRequest) add a method, headers and a body. */
interface OutgoingRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

const PAGE_REQUEST: OutgoingRequest = {
  method: 'GET',
  headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1' },
};

function request(
  url: URL,
  resolved: ResolvedAddress,
  signal: AbortSignal,
  outgoing: OutgoingRequest,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  const bodyHeaders: Record<string, string> =
    outgoing.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(outgoing.body)) };
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: bareHost(url),
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: outgoing.method,
        headers: {
          'user-agent': 'LBM-Studio-URL-Reader/1.0',
          'accept-encoding': 'gzip, deflate, br',
          ...outgoing.headers,
          ...bodyHeaders,
        },
        lookup: pinnedLookup(resolved),
        // A fresh agent per request: a pooled socket could belong to an address checked for another URL.
        agent: false,
        signal,
      },
      resolve,
    );
    req.on('error', reject);
    req.end(outgoing.body);
  });
}

function formatSeconds(ms: number): string {
  const seconds = Number((ms / 1000).toFixed(1));
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

function formatBytes(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb) return `${Number((bytes / mb).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function decompressed(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (encoding === 'identity' || encoding === '') return response;
  if (decoder === null) {
    response.destroy();
    throw new FetchFailedError('network', `The page used an unsupported compression (${encoding})`);
  }
  return pipeline(response, decoder, () => {
    // Errors surface through the decoder's iterator; this callback only keeps pipeline from throwing.
  });
}

/** Reads the body, stopping (and dropping the connection) as soon as it passes `maxBytes`. */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new FetchFailedError('too_large', `The page is larger than ${formatBytes(maxBytes)}`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  const stream = decompressed(response);
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      total += buffer.length;
      if (total > maxBytes) {
        throw new FetchFailedError('too_large', `The page is larger than ${formatBytes(maxBytes)}`);
      }
      chunks.push(buffer);
    }
  } finally {
    response.destroy();
  }
  return Buffer.concat(chunks, total);
}

function declaredCharset(contentType: string | undefined, body: Buffer, type: string): string {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (fromHeader !== undefined) return fromHeader;
  if (type === 'text/plain' || type.includes('json')) return 'utf-8';
  // HTML may name its encoding in a <meta> near the top instead of in the header.
  const head = body.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? 'utf-8';
}

/** windows-1252 characters of bytes 0x80-0x9F (0 where the byte is undefined and stays a C1 control). */
const WINDOWS_1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
  0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0, 0x017e, 0x0178,
];

function decodeText(body: Buffer, contentType: string | undefined, type: string): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declaredCharset(contentType, body, type));
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  const text = decoder.decode(body);
  if (decoder.encoding !== 'windows-1252') return text;
  // Node 20 decodes windows-1252 (also what "iso-8859-1" means on the web) as latin1, losing curly quotes.
  return text.replace(/[\u0080-\u009f]/g, (c) => {
    const mapped = WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] ?? 0;
    return mapped === 0 ? c : String.fromCharCode(mapped);
  });
}

function statusLine(status: number): string {
  const text = STATUS_CODES[status];
  return text === undefined ? String(status) : `${status} ${text}`;
}

function networkError(error: unknown, url: URL): FetchFailedError {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  const host = url.hostname;
  if (code === 'ECONNREFUSED') return new FetchFailedError('network', `${host} refused the connection`);
  if (code === 'ECONNRESET' || code === 'EPIPE') {
    return new FetchFailedError('network', `${host} closed the connection before answering`);
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new FetchFailedError('dns_failed', `The address ${host} could not be found`);
  }
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL')) {
    return new FetchFailedError('network', `The secure connection to ${host} failed (${code})`);
  }
  const detail = code !== '' ? code : error instanceof Error ? error.message : 'unknown error';
  return new FetchFailedError('network', `Could not read the page at ${host} (${detail})`);
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

interface Settings {
  readonly maxBytes: number;
  readonly maxRedirects: number;
  readonly lookup: ResolveHost;
  /** Accepted media types; null accepts any (API clients read error pages too). */
  readonly types: readonly string[] | null;
  readonly outgoing: OutgoingRequest;
  /** Return non-2xx answers instead of throwing (API clients read the error body). */
  readonly anyStatus: boolean;
  readonly crossOriginRedirects: CrossOriginRedirects;
}

/**
 * What happens on a redirect to another origin: follow it without the credentials (the Fetch standard's
 * rule), or refuse it with CrossOriginRedirectError (a client's WordPress site, whose application
 * password must never reach anywhere else, nor its posts be written to another address).
 */
export type CrossOriginRedirects = 'drop-credentials' | 'refuse';

/** Headers the Fetch standard removes when a redirect leaves the origin. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/** Same scheme, host and port (default ports filled in, host names compared case-insensitively). */
export function isSameOrigin(a: URL, b: URL): boolean {
  return a.protocol === b.protocol && hostPort(a) === hostPort(b);
}

function withoutCredentials(outgoing: OutgoingRequest): OutgoingRequest {
  const headers = Object.fromEntries(
    Object.entries(outgoing.headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())),
  );
  return { ...outgoing, headers };
}

/** Only 307/308 repeat a write; a 301/302/303 would turn it into a GET, so it is returned as it is. */
function followsRedirect(status: number, method: string): boolean {
  if (!REDIRECT_STATUSES.has(status)) return false;
  return method === 'GET' || method === 'HEAD' || status === 307 || status === 308;
}

async function fetchFollowing(
  start: URL,
  settings: Settings,
  signal: AbortSignal,
): Promise<SafeFetchResponse> {
  let url = start;
  let outgoing = settings.outgoing;
  for (let redirects = 0; ; redirects++) {
    const resolved = await resolveAllowed(url, settings.lookup).catch((error: unknown) => {
      throw redirects > 0 ? asRedirectError(error, url.href) : error;
    });
    let response: IncomingMessage;
    try {
      response = await request(url, resolved, signal, outgoing);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw networkError(error, url);
    }
    const status = response.statusCode ?? 0;
    if (followsRedirect(status, settings.outgoing.method)) {
      response.destroy();
      const location = response.headers.location;
      if (location === undefined) {
        throw new FetchFailedError(
          'network',
          `The page answered ${statusLine(status)} without saying where to go`,
        );
      }
      if (redirects >= settings.maxRedirects) {
        throw new FetchFailedError(
          'too_many_redirects',
          `The page redirected more than ${settings.maxRedirects} times`,
        );
      }
      const next = nextHop(location, url);
      if (!isSameOrigin(next, url)) {
        if (settings.crossOriginRedirects === 'refuse')
          throw new CrossOriginRedirectError(url.href, next.href);
        // Once dropped they stay dropped, even if a later hop comes back (as the Fetch standard does).
        outgoing = withoutCredentials(outgoing);
      }
      url = next;
      continue;
    }
    if (!settings.anyStatus && (status < 200 || status >= 300)) {
      response.destroy();
      throw new FetchFailedError('http_status', `The page answered ${statusLine(status)}`, status);
    }
    const type = mediaType(response.headers['content-type']);
    if (settings.types !== null && !settings.types.includes(type)) {
      response.destroy();
      const what = type === '' ? 'content without a type' : `${type} content`;
      throw new FetchFailedError(
        'unsupported_content_type',
        `The URL returned ${what}; only web pages (HTML) and plain text can be read`,
      );
    }
    let body: Buffer;
    try {
      body = await readBody(response, settings.maxBytes);
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      if (signal.aborted) throw signal.reason;
      throw networkError(error, url);
    }
    return {
      url: url.href,
      status,
      contentType: type,
      body: decodeText(body, response.headers['content-type'], type),
      bytes: body.length,
      headers: response.headers,
    };
  }
}

/** Says that the refused URL is where the page redirected to, not what the user typed. */
function asRedirectError(error: unknown, target: string): unknown {
  if (!(error instanceof UnsafeUrlError)) return error;
  return new UnsafeUrlError(error.code, `The page redirected to ${target}. ${error.message}`);
}

function nextHop(location: string, from: URL): URL {
  let target: string;
  try {
    target = new URL(location, from).href;
  } catch {
    throw new UnsafeUrlError('invalid_url', 'The page redirected to an address that is not a valid URL');
  }
  try {
    return parseUserUrl(target);
  } catch (error) {
    throw asRedirectError(error, target);
  }
}

/**
 * Whether a user-given URL may be fetched at all, without fetching it: throws the `UnsafeUrlError` that
 * safeFetch would (a private, local or malformed address), and lets a name that cannot be resolved pass,
 * for the fetch itself to report. A redirect's target is still checked when the page is read.
 */
export async function assertFetchableUrl(input: string, lookup: ResolveHost = systemLookup): Promise<void> {
  const url = parseUserUrl(input);
  try {
    await resolveAllowed(url, lookup);
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw error;
  }
}

/**
 * GETs a user-given http(s) URL and returns its text. Throws `UnsafeUrlError` when the URL (or any
 * redirect) may not be fetched and `FetchFailedError` when reading it failed; both messages are meant
 * for the user.
 */
export async function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const settings: Settings = {
    maxBytes: options.maxBytes ?? DEFAULT_FETCH_MAX_BYTES,
    maxRedirects: options.maxRedirects ?? DEFAULT_FETCH_MAX_REDIRECTS,
    lookup: options.lookup ?? systemLookup,
    types: options.allowJson === true ? [...PAGE_TYPES, ...JSON_TYPES] : PAGE_TYPES,
    outgoing: PAGE_REQUEST,
    anyStatus: false,
    crossOriginRedirects: 'drop-credentials',
  };
  return fetchBounded(input, settings, options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS);
}

export interface SafeRequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
  /** Whole exchange, DNS and redirects included. Default 10 s. */
  readonly timeoutMs?: number;
  /** Largest body accepted, counted after decompression. Default 5 MB. */
  readonly maxBytes?: number;
  readonly maxRedirects?: number;
  readonly lookup?: ResolveHost;
  /** Default 'drop-credentials'. */
  readonly crossOriginRedirects?: CrossOriginRedirects;
}

/**
 * An API call to a user-given address (a client's WordPress site) with the same address checks as
 * safeFetch: any method, headers and body, and every answer returned whatever its status or type, so
 * the caller can read the API's own error. Only 307/308 redirects repeat a write; a redirect to another
 * origin drops Authorization, Cookie and Proxy-Authorization, or is refused (`crossOriginRedirects`).
 */
export async function safeRequest(
  input: string,
  options: SafeRequestOptions = {},
): Promise<SafeFetchResponse> {
  const settings: Settings = {
    maxBytes: options.maxBytes ?? DEFAULT_FETCH_MAX_BYTES,
    maxRedirects: options.maxRedirects ?? DEFAULT_FETCH_MAX_REDIRECTS,
    lookup: options.lookup ?? systemLookup,
    types: null,
    outgoing: { method: options.method ?? 'GET', headers: options.headers ?? {}, body: options.body },
    anyStatus: true,
    crossOriginRedirects: options.crossOriginRedirects ?? 'drop-credentials',
  };
  return fetchBounded(input, settings, options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS);
}

async function fetchBounded(
  input: string,
  settings: Settings,
  timeoutMs: number,
): Promise<SafeFetchResponse> {
  const url = parseUserUrl(input);
  const controller = new AbortController();
  const timeout = new FetchFailedError(
    'timeout',
    `The page took longer than ${formatSeconds(timeoutMs)} to respond`,
  );
  const timer = setTimeout(() => controller.abort(timeout), timeoutMs);
  try {
    // The race also bounds steps that take no signal, such as a DNS lookup.
    return await Promise.race([
      fetchFollowing(url, settings, controller.signal),
      rejectOnAbort(controller.signal),
    ]);
  } finally {
    clearTimeout(timer);
    controller.abort(timeout);
  }
}
