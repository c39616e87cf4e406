/**
 * Issue 15: the first generation after `npm start` must be no slower than later ones. The gateway and
 * the queue poller import a handler on its first use, and under tsx that first import transpiles and
 * evaluates the handler's whole module graph (the SDK clients, zod schemas, the provider adapters),
 * which the first job would otherwise wait for. Once the app reports ready, this imports, one after the
 * other in the background, what a generation goes through: the authorizers, the WebSocket routes, the
 * generation endpoints, the workers, and the modules the workers may load only when a job needs them
 * (provider adapters and SDKs, the tools and their offline composers). Importing is not all of a first
 * request's extra cost: the token verifier fetches the pool's signing keys on first use, and an SDK
 * client resolves its credentials and endpoint on its first call, so those are done here too, with
 * read-only calls; and the code a generation runs is rehearsed once (rehearsalSteps), since its first
 * run is slower too. A step that fails is left to fail again, with its own error, when a request needs
 * it.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { assertIsJwks } from 'aws-jwt-verify/jwk';
import { safeJsonParse } from 'aws-jwt-verify/safe-json-parse';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ulid } from 'ulid';
import { toAuthorizerContext } from '#functions/commons/caller';
import { readEnv, requireEnv } from '#functions/commons/env';
import type { TextProvider } from '#functions/providers/ports';
import { backgroundFunctions, httpRoutes, webSocketRoutes } from '#infra/routes';
import { DEFAULT_TEXT_MODEL_ID, type ModelProvider } from '#shared/models';
import { functionEntries } from './functions/function-catalog';
import type { FunctionHost } from './functions/function-host';
import { loadHandler, repositoryRoot } from './handler-loader';
import { lambdaContext } from './lambda-context';

/** Provider SDKs an adapter may import lazily; importing them here puts them in the module cache. */
const PROVIDER_SDKS = ['openai', '@anthropic-ai/sdk', '@google/genai'] as const;

/** Handler entries in the order a first generation needs them. */
export function warmUpHandlerEntries(): string[] {
  const generationRoutes = httpRoutes
    .filter((route) => route.method === 'POST' && route.function.entry.includes('/tools/'))
    .map((route) => route.function.entry);
  const jobRead = httpRoutes.filter((route) => route.id === 'GetJob').map((route) => route.function.entry);
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

/**
 * Modules the workers import on demand: every provider adapter, each tool's definition (the workers
 * load a tool on its first job) and each tool's offline composer.
 */
async function onDemandModules(): Promise<string[]> {
  const providers = (await readdir(join(repositoryRoot, 'functions', 'providers')))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .map((name) => join('functions', 'providers', name));
  const toolsDir = join(repositoryRoot, 'functions', 'tools');
  const toolModules: string[] = [];
  for (const tool of await readdir(toolsDir, { withFileTypes: true })) {
    if (!tool.isDirectory()) continue;
    const files = await readdir(join(toolsDir, tool.name));
    for (const file of files) {
      if (file === 'definition.ts' || file.endsWith('-definition.ts') || file === 'offline-composer.ts')
        toolModules.push(join('functions', 'tools', tool.name, file));
    }
  }
  return [...providers, ...toolModules];
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
    const verifier = idTokenVerifier();
    verifier.cacheJwks(jwks);
    // A token under the pool's own key id whose signature is wrong: the verifier turns the key into a
    // public key (kept for later) and runs the signature check, which refuses it.
    const kid = jwks.keys[0]?.kid;
    if (!kid) return;
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = `${part({ alg: 'RS256', kid, typ: 'JWT' })}.${part({ token_use: 'id' })}.${'A'.repeat(342)}`;
    const refused = await verifier.verify(forged).then(
      () => false,
      () => true,
    );
    if (!refused) throw new Error('the signature check accepted a forged token');
  },
  DynamoDB: async () => {
    const { dynamoDocumentClient } = await import('#functions/commons/clients/dynamodb');
    // The handlers' own client on a key no item has: it resolves credentials and opens the connection.
    await dynamoDocumentClient().send(
      new GetCommand({ TableName: requireEnv('tableName'), Key: { pk: 'warm-up', sk: 'warm-up' } }),
    );
  },
  SQS: async () => {
    const queueUrl = readEnv('jobsQueueUrl');
    if (!queueUrl) return;
    const { sqsClient } = await import('#functions/commons/clients/sqs');
    // The handlers' own client: its first call resolves credentials and opens the connection.
    await sqsClient().send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }),
    );
  },
};

/** A caller that owns nothing: every read it makes finds nothing, so nothing it does can change data. */
const REHEARSAL_CALLER = {
  userId: 'local-warm-up',
  email: 'warm-up@localhost',
  isAdmin: false,
  authMethod: 'token',
} as const;

/** The request a first newsletter would send, as the form sends it. */
const REHEARSAL_REQUEST = { topic: 'Spring home maintenance checklist', model: DEFAULT_TEXT_MODEL_ID };

/** A provider's adapter pointed at a local stand-in of its API, and how to stop the stand-in. */
async function standInAdapter(
  provider: ModelProvider,
): Promise<{ provider: TextProvider; close: () => Promise<void> }> {
  const apiKey = 'warm-up';
  if (provider === 'anthropic') {
    const { startFakeAnthropicServer } = await import('#functions/providers/testing/fake-anthropic-server');
    const { createAnthropicTextProvider } = await import('#functions/providers/anthropic-text-provider');
    const server = await startFakeAnthropicServer();
    return {
      provider: createAnthropicTextProvider({ apiKey, baseUrl: server.baseUrl }),
      close: server.close,
    };
  }
  if (provider === 'google') {
    const { startFakeGoogleServer } = await import('#functions/providers/testing/fake-google-server');
    const { createGoogleTextProvider } = await import('#functions/providers/google-text-provider');
    const server = await startFakeGoogleServer();
    return { provider: createGoogleTextProvider({ apiKey, baseUrl: server.baseUrl }), close: server.close };
  }
  const { startFakeOpenAiServer } = await import('#functions/providers/testing/fake-openai-server');
  const { createOpenAiTextProvider } = await import('#functions/providers/openai-text-provider');
  const server = await startFakeOpenAiServer();
  return {
    provider: createOpenAiTextProvider({ provider, apiKey, baseUrl: server.baseUrl }),
    close: server.close,
  };
}

/**
 * A generation rehearsed step by step, so that the first real one does not pay for the first run of
 * each step's code (V8 compiles a function on its first call, optimises it as it runs, and a library
 * builds its caches on first use; measured, that was about half the first generation's extra time once
 * its modules were loaded). Every step is one that changes nothing: ids are fresh ULIDs that no row has,
 * the caller owns nothing, writes are conditional on rows that do not exist, and no provider is called.
 */
export const rehearsalSteps: Readonly<Record<string, () => Promise<unknown>>> = {
  /** The generation endpoint as the gateway calls it: validated, then 404 for a client that is not there. */
  'generation request': async () => {
    const route = httpRoutes.find((candidate) => candidate.path === '/api/generate-newsletter');
    if (!route) throw new Error('no newsletter route');
    const handler = await loadHandler<APIGatewayProxyEventV2, unknown>(route.function.entry);
    const now = new Date();
    const routeKey = `${route.method} ${route.path}`;
    await handler(
      {
        version: '2.0',
        routeKey,
        rawPath: route.path,
        rawQueryString: '',
        headers: { 'content-type': 'application/json', 'user-agent': 'local warm-up' },
        body: JSON.stringify({ ...REHEARSAL_REQUEST, clientId: ulid() }),
        isBase64Encoded: false,
        requestContext: {
          accountId: 'local',
          apiId: 'local',
          domainName: '127.0.0.1',
          domainPrefix: 'local',
          http: {
            method: route.method,
            path: route.path,
            protocol: 'HTTP/1.1',
            sourceIp: '127.0.0.1',
            userAgent: '',
          },
          requestId: ulid(),
          routeKey,
          stage: '$default',
          time: now.toUTCString(),
          timeEpoch: now.getTime(),
          authorizer: { lambda: toAuthorizerContext(REHEARSAL_CALLER) },
        },
      } as APIGatewayProxyEventV2,
      lambdaContext(route.function.id, route.function.timeoutSeconds),
    );
  },
  /**
   * The queue and the worker: a message for a job that does not exist goes through SQS, the poller and
   * the worker, whose attempt finds no job (a conditional update that writes nothing) and ends.
   */
  'job queue and worker': async () => {
    if (!readEnv('jobsQueueUrl')) return;
    const { enqueueJob } = await import('#functions/generation/job-queue');
    await enqueueJob(ulid());
  },
  /** What the worker does around the provider, on a job id no row has. */
  'job store and pushes': async () => {
    const { getJob, saveProgress, startAttempt } = await import('#functions/generation/job-store');
    const { UserPusher } = await import('#functions/websocket/notifier');
    const jobId = ulid();
    await getJob(jobId);
    await startAttempt(jobId);
    await saveProgress(jobId, 1, { attempt: 1, seq: 1, text: '<p>Warm</p>' });
    // The rehearsal caller has no connections: the lookup finds none and nothing is posted.
    await new UserPusher(REHEARSAL_CALLER.userId).push({ type: 'job.progress', jobId, seq: 1, delta: '' });
    // The post itself, to a connection id no one has: the WebSocket API answers 410 Gone.
    const callbackUrl = readEnv('webSocketCallbackUrl');
    if (!callbackUrl) return;
    const { webSocketManagementClient } = await import('#functions/commons/clients/websocket-management');
    const posted = await webSocketManagementClient(callbackUrl)
      .send(new PostToConnectionCommand({ ConnectionId: ulid(), Data: new TextEncoder().encode('{}') }))
      .then(
        () => 'delivered',
        (error: { name?: string; $metadata?: { httpStatusCode?: number } }) =>
          `${error.$metadata?.httpStatusCode} ${error.name}`,
      );
    if (posted !== '410 GoneException') {
      throw new Error(`a post to no connection answered ${posted}, not 410 GoneException`);
    }
  },
  /**
   * Each provider that has a key: its adapter and SDK stream a short reply from a local stand-in that
   * speaks the provider's wire format (functions/providers/testing), never from the provider itself.
   */
  'provider adapters': async () => {
    const { loadProviderKeys } = await import('#functions/providers/provider-keys');
    const keys = await loadProviderKeys();
    for (const provider of Object.keys(keys) as Array<keyof typeof keys>) {
      const adapter = await standInAdapter(provider);
      let events = 0;
      try {
        const stream = adapter.provider.streamText({
          apiModelId: 'warm-up',
          system: 'Warm up.',
          prompt: 'Say hello.',
          maxOutputTokens: 16,
        });
        for await (const _event of stream) events += 1;
      } finally {
        await adapter.close();
      }
      if (events === 0) throw new Error(`the ${provider} stand-in sent nothing`);
    }
  },
  /**
   * The worker's own steps for a newsletter: the request parsed, the provider chosen, the prompt built,
   * the offline draft composed and streamed through the push batching, the result parsed and sanitized.
   */
  'newsletter steps': async () => {
    const { findTool } = await import('#functions/generation/tool-registry');
    const { resolveProviderForTool } = await import('#functions/generation/provider-choice');
    const { ProgressStream } = await import('#functions/generation/progress-stream');
    const { createOfflineTextProvider } = await import('#functions/providers/offline-text-provider');
    const tool = await findTool('newsletter');
    if (!tool) throw new Error('no newsletter tool');
    const input = tool.requestSchema.parse(REHEARSAL_REQUEST);
    const context = { client: null, source: null, now: new Date() };
    const draft = async () => (await tool.composeOffline(input, context)).text;
    await resolveProviderForTool(tool.modelId(input), draft);
    const prompt = tool.buildPrompt(input, context);
    const pushes = new ProgressStream();
    const stream = createOfflineTextProvider(draft, { chunkDelayMs: 0 }).streamText({
      apiModelId: 'offline',
      system: prompt.system,
      prompt: prompt.prompt,
      maxOutputTokens: tool.expectedOutputTokens(input),
    });
    for await (const event of stream) {
      if (event.type === 'text') {
        pushes.append(event.text);
        pushes.due(performance.now());
      }
    }
    pushes.flush();
    const result = tool.parseResult(pushes.fullText, input, context);
    tool.activity(input, result);
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
export async function warmUpHandlers(functions?: FunctionHost): Promise<WarmUpReport> {
  const started = performance.now();
  const failed: string[] = [];
  const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
  const entries = warmUpHandlerEntries();
  // Each function runs in its own thread (local/functions/function-host.ts): starting it loads its handler.
  const idOf = new Map([...functionEntries].map(([id, entry]) => [entry, id]));
  for (const entry of entries) {
    await yieldToRequests();
    const functionId = idOf.get(entry);
    const warm = functions && functionId ? functions.warm(functionId) : loadHandler(entry);
    await warm.catch(() => failed.push(entry));
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
  for (const [name, call] of Object.entries({ ...firstCalls, ...rehearsalSteps })) {
    await yieldToRequests();
    await call().catch(() => failed.push(name));
  }
  return {
    modules: entries.length + modules.length + PROVIDER_SDKS.length,
    failed,
    seconds: (performance.now() - started) / 1000,
  };
}
