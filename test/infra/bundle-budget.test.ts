import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backgroundFunctions } from '#infra/routes';
import { budgetFor } from '../../bench/lambda-budgets';
import {
  bundleLambdas,
  lambdaEntries,
  modulesEvaluatedAtImport,
  repositoryRoot,
} from '../../bench/lambda-bundles';

/**
 * Issue 15 / DESIGN §6: a size check, not a timing. Every Lambda is bundled as CDK bundles it
 * (bench/lambda-bundles.ts) and its minified size is held to its budget: at most 400 KB for an HTTP
 * handler, 1.2 MB for the text worker (what its cold start loads: the split build's entry and the
 * chunks it imports statically, infra/split-bundle.ts). The handlers still over budget may not grow
 * past the ceiling listed here, about 5% above their size when it was last lowered, and a handler
 * that fits its budget may not keep a ceiling. A handler that reads the table starts at about 300 KB
 * (the bundled SDK with the DynamoDB client, dynamodb-toolbox, zod/mini). What keeps these over: the
 * S3 client (~150 KB: esbuild keeps S3's whole schema module) where media is read or written; the
 * sanitizer (~128 KB after the lean HTML aliases, infra/lambda-bundle-aliases.ts) where HTML is stored
 * or published; the page reader (Readability and linkedom, ~165 KB); the KMS and WordPress clients;
 * the OpenAI SDK for image analysis.
 * `npm run bench lambda-bundle` prints the figures, `npx tsx bench/lambda-metafile.ts <id>` the parts.
 */
const OVER_BUDGET_CEILING_KB: Readonly<Record<string, number>> = {
  FetchContent: 580,
  CreateWordPressPost: 580,
  UpdateWordPressPost: 580,
  // Inlines the OpenAI SDK for its vision path (it is used on every analysis with a provider key).
  AnalyzeImage: 570,
  CreateContent: 510,
  ResizeImage: 510,
  UpdateContent: 475,
  DeleteWordPressPost: 445,
  UploadWordPressMedia: 440,
};

/**
 * Server and browser code builds its schemas with zod/mini (shared/validation/zod.ts): one import of
 * classic zod puts its whole API back into every bundle that reaches it (~65 KB), so no file may.
 */

/** Non-test TypeScript files under `dir` that import classic zod's values (type imports cost nothing). */
function classicZodImporters(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    if (/^import (?!type )[^;]*from 'zod';/m.test(readFileSync(file, 'utf8'))) {
      found.push(relative(repositoryRoot, file));
    }
  }
  return found;
}

describe('Lambda bundle budgets', () => {
  it('keeps every handler within its minified size budget', { timeout: 600_000 }, async () => {
    const entries = lambdaEntries();
    const bundles = await bundleLambdas(entries);
    const offenders: string[] = [];
    let budgeted = 0;
    for (const entry of entries) {
      const budget = budgetFor(entry);
      if (budget === undefined) continue;
      budgeted += 1;
      const bytes = Buffer.byteLength(bundles.get(entry.id)?.code ?? '');
      expect(bytes, `${entry.id} bundled to nothing`).toBeGreaterThan(0);
      const ceilingKb = OVER_BUDGET_CEILING_KB[entry.id];
      const limit = ceilingKb === undefined ? budget : ceilingKb * 1024;
      if (bytes > limit) {
        offenders.push(`${entry.id} (${entry.entry}): ${Math.ceil(bytes / 1024)} KB > ${limit / 1024} KB`);
      } else if (ceilingKb !== undefined && bytes <= budget) {
        offenders.push(`${entry.id} fits its ${budget / 1024} KB budget: remove its ceiling`);
      }
    }
    expect(budgeted).toBeGreaterThan(40);
    expect(offenders).toEqual([]);
  });

  it('lists no ceiling for a function that does not exist or already fits its budget', () => {
    const entries = new Map(lambdaEntries().map((entry) => [entry.id, entry]));
    for (const [id, ceilingKb] of Object.entries(OVER_BUDGET_CEILING_KB)) {
      const entry = entries.get(id);
      expect(entry, `${id} is not a Lambda of the stack`).toBeDefined();
      const budget = entry ? budgetFor(entry) : undefined;
      expect(budget, `${id} has no budget`).toBeDefined();
      expect(ceilingKb * 1024).toBeGreaterThan(budget ?? 0);
    }
  });

  it('keeps classic zod out of server and browser code', () => {
    const importers = ['shared', 'functions', 'frontend/src'].flatMap((dir) =>
      classicZodImporters(join(repositoryRoot, dir)),
    );
    expect(importers).toEqual([]);
  });

  it('runs S3 and DynamoDB calls through a bundle built with the stack aliases', {
    timeout: 120_000,
  }, async () => {
    // The aliases swap SDK modules only in bundles (env-only credentials, no event-stream codecs or
    // endpoint-discovery cache), so
    // local runs never exercise them: this bundles real calls the same way and sends them to a stand-in.
    const cache = join(repositoryRoot, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, 'lbm-alias-probe-'));
    const requests: string[] = [];
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      request.resume();
      request.on('end', () => {
        const target = String(request.headers['x-amz-target'] ?? '');
        requests.push(`${request.method} ${request.url} ${target}`.trim());
        if (target === 'DynamoDB_20120810.Query') {
          response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
          response.end(JSON.stringify({ Count: 1, ScannedCount: 1, Items: [{ pk: { S: 'x' } }] }));
        } else {
          response.writeHead(200, { etag: '"abc"' });
          response.end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const probeEnv = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'AKIDPROBE',
      AWS_SECRET_ACCESS_KEY: 'probe-secret',
    };
    const saved = Object.fromEntries(Object.keys(probeEnv).map((name) => [name, process.env[name]]));
    try {
      const source = join(dir, 'probe.ts');
      writeFileSync(
        source,
        [
          "import { DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';",
          "import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';",
          'export async function probe(endpoint: string) {',
          '  const query = await new DynamoDBClient({ endpoint }).send(',
          "    new QueryCommand({ TableName: 't', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: 'x' } } }),",
          '  );',
          '  const put = await new S3Client({ endpoint, forcePathStyle: true }).send(',
          "    new PutObjectCommand({ Bucket: 'b', Key: 'k', Body: 'hello' }),",
          '  );',
          '  return { items: query.Items, etag: put.ETag };',
          '}',
          '',
        ].join('\n'),
      );
      const bundle = (
        await bundleLambdas([{ id: 'AliasProbe', entry: source, kind: 'http', external: [] }])
      ).get('AliasProbe');
      // Both stubs are in, and the calls below run through them.
      expect(bundle?.code).toContain('Event-stream operations are left out of Lambda bundles');
      expect(bundle?.code).toContain('endpoint discovery is left out of Lambda bundles');
      const file = join(dir, 'probe.mjs');
      writeFileSync(file, bundle?.code ?? '');
      Object.assign(process.env, probeEnv);
      const { probe } = (await import(pathToFileURL(file).href)) as {
        probe: (endpoint: string) => Promise<unknown>;
      };
      const { port } = server.address() as AddressInfo;
      expect(await probe(`http://127.0.0.1:${port}`)).toEqual({ items: [{ pk: { S: 'x' } }], etag: '"abc"' });
      expect(requests).toEqual(['POST / DynamoDB_20120810.Query', expect.stringMatching(/^PUT \/b\/k\b/)]);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads a provider SDK (and the page reader) in the text worker only when a job needs it', async () => {
    const worker = lambdaEntries().find((entry) => entry.entry === backgroundFunctions.worker);
    expect(worker).toBeDefined();
    if (!worker) return;
    const evaluated = [...(await modulesEvaluatedAtImport(worker))];
    expect(evaluated.length).toBeGreaterThan(100);
    for (const lazy of ['openai', '@anthropic-ai/sdk', '@google/genai', 'compromise', 'linkedom']) {
      expect(
        evaluated.filter((path) => path.includes(`node_modules/${lazy}/`)),
        `${lazy} is evaluated when the worker is imported`,
      ).toEqual([]);
    }
  });
});
