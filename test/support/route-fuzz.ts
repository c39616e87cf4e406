import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  $ZodDefault,
  $ZodNullable,
  $ZodNumber,
  $ZodObject,
  $ZodOptional,
  $ZodPipe,
  $ZodPrefault,
  $ZodString,
  $ZodType,
} from 'zod/v4/core';
import type { HttpRoute } from '#contract/routes';
import { isResourceId } from '#shared/validation/resource-id';

/**
 * Generated hostile requests for the route fuzz test (test/integration/fuzz-routes.test.ts). Every
 * case is built from one entry of the route table, so a new route is fuzzed without touching this file.
 *
 * The generator knows which requests could legitimately change data (a real user, every path id real,
 * a writing method) and gives those only bodies that no route may accept: text that is not JSON, an
 * object whose every known request field has the wrong type, or one whose every limited field is just
 * past its limit. Everything else is free to be as hostile as fast-check makes it.
 */

export type Credential =
  | 'none'
  | 'garbage'
  | 'basic'
  | 'unsigned-jwt'
  | 'tampered-jwt'
  | 'fake-api-key'
  | 'long-bearer'
  | 'owner'
  | 'colleague'
  | 'stranger'
  | 'admin';

export const REAL_USERS: readonly Credential[] = ['owner', 'colleague', 'stranger', 'admin'];

export interface FuzzCase {
  readonly route: HttpRoute;
  readonly method: string;
  /** The request target as sent: already percent-encoded (or deliberately mis-encoded). */
  readonly path: string;
  readonly credential: Credential;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  /** Why the request must be refused (4xx), or null when a 2xx is fine as long as nothing changes. */
  readonly mustRefuse: string | null;
  readonly label: string;
}

export interface RealIds {
  /** Path parameter name → an id that exists and the signed-in owner may use. */
  readonly [parameter: string]: string;
}

/** Like encodeURIComponent, but a lone surrogate becomes U+FFFD instead of throwing. */
function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const WRITING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND'];

/** A raw number token JSON.stringify cannot write; swapped into the body text after stringifying. */
const RAW_THIRTY_DIGITS = '__raw_30_digit_number__';
const THIRTY_DIGITS = '123456789012345678901234567890';

const hostileNumber = fc.constantFrom(1e16, -1e16, 1e200, -1e200, 1e-200, 2 ** 53, -1, 0.5, 1e308);

function deepArray(levels: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = [value];
  return value;
}

function deepObject(levels: number): unknown {
  let value: unknown = { n: 1e16 };
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
}

/** Values of the wrong type for every request field (strings, booleans, enums, objects, arrays, bounded numbers). */
const poison: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  fc.constant(RAW_THIRTY_DIGITS),
  fc.integer({ min: 2, max: 60 }).map(deepArray),
  fc.integer({ min: 20, max: 60 }).map(deepObject),
);

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    '<script>alert(1)</script>',
    "'; DROP TABLE x; --",
    '../../etc/passwd',
    '$' + '{jndi:ldap://x}',
    '2026-01-01T99:99',
    '2026-02-30',
    'javascript:alert(1)',
    'http://169.254.169.254/latest/meta-data/',
    'file:///etc/passwd',
    '__proto__',
    'constructor',
  ),
  fc.integer({ min: 2_001, max: 25_000 }).map((length) => 'x'.repeat(length)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  poison,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, false, [], {}, { __proto__: { admin: true } }),
);

/** A request schema of shared/: an object, or a pipe that starts with one. */
export interface RequestSchema {
  /** `file.ts#exportName`, for a test's message. */
  readonly name: string;
  readonly schema: $ZodType;
  readonly object: $ZodObject;
}

/** Every request schema the modules of shared/ export, so new schemas are fuzzed too. */
export async function requestSchemas(sharedDir: string): Promise<RequestSchema[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(path);
    }
  };
  walk(sharedDir);
  const schemas: RequestSchema[] = [];
  for (const file of files) {
    const module: Record<string, unknown> = await import(file);
    for (const [name, value] of Object.entries(module)) {
      const object = objectSchemaOf(value);
      if (object && value instanceof $ZodType)
        schemas.push({ name: `${file.slice(sharedDir.length + 1)}#${name}`, schema: value, object });
    }
  }
  return schemas;
}

/** What the fuzz knows of the request fields: their names, and a value past each one's limit. */
export interface RequestFields {
  /** Every top-level field name of the request schemas, sorted. */
  readonly names: readonly string[];
  /**
   * A value of the right type past the largest limit any schema gives the field: text one character
   * longer than its longest allowed length, a number one past its widest bound. A body of these passes
   * every type check, so the schemas' own checks (refinements over several fields) run on values their
   * field checks have just refused.
   */
  readonly pastLimits: Readonly<Record<string, string | number>>;
}

/** Bodies stay under the 2 MB handler limit: longer limits (a library item's 1 MB body) are left out. */
const LONGEST_LIMIT_TRIED = 100_000;

export async function knownRequestFields(sharedDir: string): Promise<RequestFields> {
  const names = new Set<string>();
  const longest = new Map<string, number>();
  const widest = new Map<string, { above?: number; below?: number }>();
  for (const { object } of await requestSchemas(sharedDir)) {
    for (const [name, field] of Object.entries(object._zod.def.shape)) {
      names.add(name);
      const limit = limitOf(field);
      if (limit?.kind === 'length') longest.set(name, Math.max(limit.max, longest.get(name) ?? 0));
      if (limit?.kind === 'range') {
        const bounds = widest.get(name) ?? {};
        if (limit.max !== undefined) bounds.above = Math.max(limit.max, bounds.above ?? limit.max);
        if (limit.min !== undefined) bounds.below = Math.min(limit.min, bounds.below ?? limit.min);
        widest.set(name, bounds);
      }
    }
  }
  const pastLimits: Record<string, string | number> = {};
  for (const [name, bounds] of widest) {
    const past =
      bounds.above !== undefined ? bounds.above + 1 : bounds.below !== undefined ? bounds.below - 1 : null;
    if (past !== null && Number.isSafeInteger(past)) pastLimits[name] = past;
  }
  // Text wins over a number of the same name: the schema that reads it as a number refuses it by type.
  for (const [name, max] of longest) if (max < LONGEST_LIMIT_TRIED) pastLimits[name] = 'x'.repeat(max + 1);
  return { names: [...names].sort(), pastLimits };
}

type FieldLimit =
  | { readonly kind: 'length'; readonly max: number }
  | { readonly kind: 'range'; readonly min?: number; readonly max?: number };

/** The length limit of a text field or the bounds of a number field, through defaults, optionals and pipes. */
function limitOf(schema: unknown): FieldLimit | null {
  if (!(schema instanceof $ZodType)) return null;
  const def = schema._zod.def;
  if (
    schema instanceof $ZodDefault ||
    schema instanceof $ZodOptional ||
    schema instanceof $ZodNullable ||
    schema instanceof $ZodPrefault
  )
    return limitOf(schema._zod.def.innerType);
  if (schema instanceof $ZodPipe) return limitOf(schema._zod.def.in);
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  if (schema instanceof $ZodString) {
    const lengths = checks.flatMap((check) =>
      check.check === 'max_length' && 'maximum' in check ? [Number(check.maximum)] : [],
    );
    return lengths.length > 0 ? { kind: 'length', max: Math.min(...lengths) } : null;
  }
  if (schema instanceof $ZodNumber) {
    const bound = (name: 'less_than' | 'greater_than') =>
      checks.flatMap((check) => (check.check === name && 'value' in check ? [Number(check.value)] : []));
    const max = bound('less_than');
    const min = bound('greater_than');
    if (max.length === 0 && min.length === 0) return null;
    return {
      kind: 'range',
      ...(max.length > 0 ? { max: Math.min(...max) } : {}),
      ...(min.length > 0 ? { min: Math.max(...min) } : {}),
    };
  }
  return null;
}

function objectSchemaOf(value: unknown): $ZodObject | null {
  if (value instanceof $ZodObject) return value;
  if (value instanceof $ZodPipe) return objectSchemaOf(value._zod.def.in);
  return null;
}

interface BodyChoice {
  readonly text: string | undefined;
  /** No route may accept it, whatever its schema. */
  readonly refusedEverywhere: boolean;
  readonly kind: string;
}

const stringify = (value: unknown): string =>
  JSON.stringify(value).replaceAll(`"${RAW_THIRTY_DIGITS}"`, THIRTY_DIGITS);

function poisonedObject(fields: readonly string[]): fc.Arbitrary<BodyChoice> {
  return fc
    .tuple(
      fc.array(poison, { minLength: fields.length, maxLength: fields.length }),
      fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 4 }),
    )
    .map(([values, extras]) => {
      const body: Record<string, unknown> = { ...extras };
      fields.forEach((field, index) => {
        body[field] = values[index];
      });
      return { text: stringify(body), refusedEverywhere: true, kind: 'poisoned fields' };
    });
}

const notJson: fc.Arbitrary<BodyChoice> = fc
  .oneof(
    fc.constantFrom(
      '{',
      '{"title":',
      '[1,2',
      '{"a":1}}',
      'undefined',
      'NaN',
      "{'a':1}",
      '\u0000',
      '{"a":1,}',
    ),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map((text) => `{${text}`),
  )
  .map((text) => ({ text, refusedEverywhere: true, kind: 'not JSON' }));

const anyJson: fc.Arbitrary<BodyChoice> = fc
  .oneof(
    fc.jsonValue({ maxDepth: 4 }),
    hostileValue,
    fc.record({ metadata: fc.dictionary(fc.string({ maxLength: 8 }), poison, { minKeys: 1, maxKeys: 3 }) }),
    fc.record({ releaseDate: hostileString, topic: fc.constant('Hostile date') }),
    fc.record({ name: hostileString, email: hostileString, title: hostileString }),
  )
  .map((value) => ({ text: stringify(value), refusedEverywhere: false, kind: 'any JSON' }));

/**
 * Every field with a limit one step past it, all at once, each of its right type (shared/ holds no
 * request schema that takes it: a route reading any of them refuses it). A schema's own check that
 * trusts what its field checks refused (an image prompt over 4,000 characters) throws here: a 500.
 */
const pastLimitBody = (fields: RequestFields): fc.Arbitrary<BodyChoice> =>
  fc.constant({ text: stringify(fields.pastLimits), refusedEverywhere: true, kind: 'past a limit' });

const noBody: fc.Arbitrary<BodyChoice> = fc.constant({
  text: undefined,
  refusedEverywhere: false,
  kind: 'none',
});

/** A few bodies past the 2 MB handler limit; kept rare, they are the slow part. */
const hugeBody: fc.Arbitrary<BodyChoice> = fc
  .constantFrom(2 * 1024 * 1024 + 10, 3 * 1024 * 1024)
  .map((size) => ({ text: `{"title":"${'x'.repeat(size)}"}`, refusedEverywhere: true, kind: 'over 2 MB' }));

const hostileId = (realIds: RealIds): fc.Arbitrary<{ raw: string; kind: string }> =>
  fc.oneof(
    fc
      .constantFrom('%ff', '%E0%A4%A', '%', '%%', '%zz', '%c0%af', '%ed%a0%80')
      .map((raw) => ({ raw, kind: 'bad %' })),
    fc.integer({ min: 2_100, max: 8_000 }).map((length) => ({ raw: 'A'.repeat(length), kind: 'long' })),
    fc
      .string({ unit: 'binary', minLength: 1, maxLength: 40 })
      .filter((value) => !isResourceId(value))
      .map((value) => ({ raw: percentEncode(value), kind: 'unicode' })),
    fc
      .constantFrom(
        '..',
        '.',
        '%2e%2e',
        '..%2F..%2Fetc%2Fpasswd',
        '%00',
        'null',
        'undefined',
        '0',
        '-1',
        '1e16',
      )
      .map((raw) => ({ raw, kind: 'tricky' })),
    fc
      .constantFrom(...Object.values(realIds))
      .chain((id) =>
        fc.constantFrom(id.toLowerCase(), `${id}A`, id.slice(1), `${id}%00`, ` ${id}`.replace(' ', '%20')),
      )
      .map((raw) => ({ raw, kind: 'near a real id' })),
    fc.ulid().map((raw) => ({ raw: raw.toUpperCase(), kind: 'unknown ULID' })),
  );

/** Query values are read by the same kind of schemas: the short ones past their limits, in one query. */
const LONGEST_QUERY_VALUE = 500;

const hostileQuery = (fields: RequestFields): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constant(''),
    fc.constant(
      `?${Object.entries(fields.pastLimits)
        .filter(([, value]) => String(value).length <= LONGEST_QUERY_VALUE + 1)
        .map(([key, value]) => `${key}=${percentEncode(String(value))}`)
        .join('&')}`,
    ),
    fc
      .dictionary(
        fc.constantFrom('limit', 'cursor', 'type', 'token', 'after', 'page', 'sort', '__proto__'),
        fc.oneof(
          hostileString.map((value) => percentEncode(value)),
          fc.constantFrom('1e200', '-1', '0', 'NaN', '%ff', '1e16', '201', '1.5'),
        ),
        { minKeys: 1, maxKeys: 3 },
      )
      .map(
        (entries) =>
          `?${Object.entries(entries)
            .map(([key, value]) => `${key}=${value}`)
            .join('&')}`,
      ),
  );

const printable = fc.string({
  unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 300,
});

const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/x-www-form-urlencoded',
    ),
    'idempotency-key': fc.oneof(printable, fc.constantFrom('', 'a'.repeat(5_000), '%ff')),
    prefer: fc.constantFrom('wait=1e200', 'wait=-1', 'wait=abc', 'respond-async'),
    'x-forwarded-for': fc.constantFrom('127.0.0.1', '::1, 10.0.0.1', 'garbage'),
    'content-encoding': fc.constantFrom('gzip', 'br', 'identity'),
    origin: fc.constantFrom('null', 'https://evil.example'),
  },
  { requiredKeys: ['content-type'] },
);

const credential: fc.Arbitrary<Credential> = fc.constantFrom<Credential>(
  'none',
  'garbage',
  'basic',
  'unsigned-jwt',
  'tampered-jwt',
  'fake-api-key',
  'long-bearer',
  'owner',
  'owner',
  'owner',
  'colleague',
  'stranger',
  'admin',
);

function pathParameters(route: HttpRoute): string[] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/** `count` cases for one route, reproducible from `seed`. */
export function casesFor(
  route: HttpRoute,
  options: { count: number; seed: number; realIds: RealIds; fields: RequestFields },
): FuzzCase[] {
  const parameters = pathParameters(route);
  const defaultId = Object.values(options.realIds)[0] ?? '01JD3V4Z7Q8R9S0T1V2W3X4Y5Z';
  const arbitrary = fc
    .record({
      swapMethod: fc.integer({ min: 0, max: 9 }),
      otherMethod: fc.constantFrom(...OTHER_METHODS),
      ids: fc.array(fc.option(hostileId(options.realIds), { nil: null, freq: 3 }), {
        minLength: parameters.length,
        maxLength: parameters.length,
      }),
      credential,
      query: fc.option(hostileQuery(options.fields), { nil: '', freq: 2 }),
      headers: hostileHeaders,
      body: fc.oneof(
        { weight: 2, arbitrary: noBody },
        { weight: 3, arbitrary: notJson },
        { weight: 5, arbitrary: anyJson },
        { weight: 5, arbitrary: poisonedObject(options.fields.names) },
        { weight: 2, arbitrary: pastLimitBody(options.fields) },
      ),
      huge: fc.integer({ min: 0, max: 199 }),
      /** Request-target forms: 0 is not a URL at all, 1 is the absolute form, the rest the usual path. */
      targetForm: fc.integer({ min: 0, max: 39 }),
      hugeBody,
      forcedBody: fc.oneof(notJson, poisonedObject(options.fields.names), pastLimitBody(options.fields)),
      forcedId: hostileId(options.realIds),
    })
    .map((draft) => {
      const method = draft.swapMethod === 0 ? draft.otherMethod : route.method;
      const reasons: string[] = [];
      let ids = [...draft.ids];
      let body = draft.huge === 0 ? draft.hugeBody : draft.body;
      let who = draft.credential;
      const realUser = REAL_USERS.includes(who);
      const allReal = ids.every((id) => id === null);
      // A real user, real ids and a writing method could be a legitimate change: make it one that no
      // route may accept (a DELETE has no body to spoil, so one of its ids or the credential goes bad).
      if (realUser && allReal && WRITING_METHODS.has(method)) {
        if (method === 'DELETE') {
          if (ids.length > 0) ids = [draft.forcedId, ...ids.slice(1)];
          else who = 'garbage';
        } else if (!body.refusedEverywhere) {
          body = draft.forcedBody;
        }
      }
      const segments = route.path.split('/').map((segment) => {
        const match = /^\{(\w+)\}$/.exec(segment);
        if (!match?.[1]) return segment;
        const index = parameters.indexOf(match[1]);
        return ids[index]?.raw ?? options.realIds[match[1]] ?? defaultId;
      });
      const hostileIds = ids.filter((id) => id !== null);
      if (hostileIds.length > 0) reasons.push(`hostile ${hostileIds.map((id) => id?.kind).join('+')} id`);
      if (route.auth !== 'public' && !REAL_USERS.includes(who)) reasons.push(`credential ${who}`);
      if (body.kind === 'not JSON' || body.kind === 'over 2 MB') reasons.push(`body ${body.kind}`);
      const path = `${segments.join('/')}${draft.query}`;
      // OPTIONS reads neither credentials nor a body: it answers which methods the path takes (the
      // $default route, functions/gateway/unmatched-route.ts), public knowledge from the OpenAPI document.
      if (method === 'OPTIONS') reasons.length = 0;
      if (draft.targetForm === 0) reasons.push('target not a URL');
      const headers: Record<string, string> = { ...draft.headers };
      if (body.text === undefined) delete headers['content-type'];
      return {
        route,
        method,
        path:
          draft.targetForm === 0
            ? `http://[${path}`
            : draft.targetForm === 1
              ? `http://127.0.0.1${path}`
              : path,
        credential: who,
        headers,
        // HEAD and TRACE cannot carry a body over node:http.
        body: method === 'HEAD' || method === 'TRACE' ? undefined : body.text,
        mustRefuse: reasons.length > 0 ? reasons.join(', ') : null,
        label: `${route.id} ${method} (${who}, body ${body.kind})`,
      } satisfies FuzzCase;
    });
  return fc.sample(arbitrary, { numRuns: options.count, seed: options.seed });
}
