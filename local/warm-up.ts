/**
 * Issue 15: the first generation after `npm start` must be no slower than later ones. The gateway and
 * the queue poller import a handler on its first use, and under tsx that first import transpiles and
 * evaluates the handler's whole module graph (the SDK clients, zod schemas, the provider adapters),
 * which the first job would otherwise wait for. Once the app reports ready, this imports, one after the
 * other in the background, what a generation goes through: the authorizers, the WebSocket routes, the
 * generation endpoints, the workers, and the modules the workers may load only when a job needs them
 * (provider adapters and SDKs, the offline composers). Importing is not all of a first request's extra
 * cost: the token verifier fetches the pool's signing keys on first use, and an SDK client resolves its
 * credentials and endpoint on its first call, so those are done here too, with read-only calls. A step
 * that fails is left to fail again, with its own error, when a request needs it.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { assertIsJwks } from 'aws-jwt-verify/jwk';
import { safeJsonParse } from 'aws-jwt-verify/safe-json-parse';
import { readEnv } from '#functions/commons/env';
import { backgroundFunctions, httpRoutes, webSocketRoutes } from '#infra/routes';
import { loadHandler, repositoryRoot } from './handler-loader';

/** Provider SDKs an adapter may import lazily; importing them here puts them in the module cache. */
const PROVIDER_SDKS = ['openai', '@anthropic-ai/sdk', '@google/genai'] as const;

/** Handler entries in the order a first generation needs them. */
export function warmUpHandlerEntries(): string[] {
  const generationRoutes = httpRoutes
    .filter((route) => route.method === 'POST' && route.entry.includes('/tools/'))
    .map((route) => route.entry);
  const jobRead = httpRoutes.filter((route) => route.id === 'GetJob').map((route) => route.entry);
  return [
    ...new Set([
      backgroundFunctions.httpAuthorizer,
      backgroundFunctions.webSocketAuthorizer,
      ...webSocketRoutes.map((route) => route.entry),
      ...generationRoutes,
      ...jobRead,
      backgroundFunctions.worker,
      backgroundFunctions.mediaWorker,
      backgroundFunctions.deadLetters,
    ]),
  ];
}

/** Modules the workers import on demand: every provider adapter and each tool's offline composer. */
async function onDemandModules(): Promise<string[]> {
  const providers = (await readdir(join(repositoryRoot, 'functions', 'providers')))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .map((name) => join('functions', 'providers', name));
  const toolsDir = join(repositoryRoot, 'functions', 'tools');
  const composers: string[] = [];
  for (const tool of await readdir(toolsDir, { withFileTypes: true })) {
    if (!tool.isDirectory()) continue;
    const files = await readdir(join(toolsDir, tool.name));
    if (files.includes('offline-composer.ts'))
      composers.push(join('functions', 'tools', tool.name, 'offline-composer.ts'));
  }
  return [...providers, ...composers];
}

/** What a first request would do besides importing: load the signing keys, make each client's first call. */
const firstCalls: Readonly<Record<string, () => Promise<unknown>>> = {
  'signing keys': async () => {
    const jwksUri = readEnv('jwksUri');
    if (!jwksUri) return;
    const { idTokenVerifier } = await import('#functions/auth/token-verifier');
    const response = await fetch(jwksUri);
    if (!response.ok) throw new Error(`JWKS request failed with ${response.status}`);
    const jwks = safeJsonParse(await response.text());
    assertIsJwks(jwks);
    idTokenVerifier().cacheJwks(jwks);
  },
  DynamoDB: async () => {
    const { dynamoDocumentClient } = await import('#functions/commons/clients/dynamodb');
    await dynamoDocumentClient().send(new ListTablesCommand({ Limit: 1 }));
  },
  SQS: async () => {
    const queueUrl = readEnv('jobsQueueUrl');
    if (!queueUrl) return;
    const { sqsClient } = await import('#functions/commons/clients/sqs');
    await sqsClient().send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }),
    );
  },
};

export interface WarmUpReport {
  readonly modules: number;
  readonly failed: readonly string[];
  readonly seconds: number;
}

/**
 * Imports the handlers and modules above one by one, yielding to the event loop between them so
 * requests that arrive meanwhile are served. Resolves with what it did; never rejects.
 */
export async function warmUpHandlers(): Promise<WarmUpReport> {
  const started = performance.now();
  const failed: string[] = [];
  const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
  const entries = warmUpHandlerEntries();
  for (const entry of entries) {
    await yieldToRequests();
    await loadHandler(entry).catch(() => failed.push(entry));
  }
  const modules = await onDemandModules().catch(() => []);
  for (const path of modules) {
    await yieldToRequests();
    await import(pathToFileURL(join(repositoryRoot, path)).href).catch(() => failed.push(path));
  }
  for (const sdk of PROVIDER_SDKS) {
    await yieldToRequests();
    await import(sdk).catch(() => failed.push(sdk));
  }
  for (const [name, call] of Object.entries(firstCalls)) {
    await yieldToRequests();
    await call().catch(() => failed.push(name));
  }
  return {
    modules: entries.length + modules.length + PROVIDER_SDKS.length,
    failed,
    seconds: (performance.now() - started) / 1000,
  };
}
