/**
 * docs/decisions.md, "Warm-up after ready": the first generation after `npm start` must be no slower than
 * later ones. Every function runs in a thread of its own (local/functions/function-host.ts), started on its
 * first invocation; that start loads the function's bundle, and an SDK client resolves its credentials and
 * opens its connection on its first call, which the first job would otherwise wait for. Once the app reports
 * ready, this starts, one after the other in the background, the threads a generation goes through (the
 * authorizers, the WebSocket routes, the generation endpoints, the job read, the workers), then rehearses a
 * generation inside them: the endpoint's function answers a request for a client that is not there, and a
 * message for a job no row has goes through the queue, the poller and the worker. Everything runs in the
 * functions' threads: the process that calls this runs no function, so warming it would warm nothing. A step
 * that fails is left to fail again, with its own error, when a request needs it.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ulid } from 'ulid';
import { backgroundFunctions, httpRoutes, webSocketRoutes } from '#contract/routes';
import { toAuthorizerContext } from '#functions/commons/caller';
import { readEnv } from '#functions/commons/env';
import { DEFAULT_TEXT_MODEL_ID } from '#shared/models';
import { functionEntries } from './functions/function-catalog';
import type { FunctionHost } from './functions/function-host';
import { httpApiEvent, routeKeyOf, withLambdaAuthorizer } from './http-api-event';

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

/** A caller that owns nothing: every read it makes finds nothing, so nothing it does can change data. */
const REHEARSAL_CALLER = {
  userId: 'local-warm-up',
  email: 'warm-up@localhost',
  isAdmin: false,
  authMethod: 'token',
} as const;

/** The request a first newsletter would send, as the form sends it. */
const REHEARSAL_REQUEST = { topic: 'Spring home maintenance checklist', model: DEFAULT_TEXT_MODEL_ID };

/**
 * A generation rehearsed inside the functions' threads, so that the first real one does not pay for the
 * first run of its code (V8 compiles a function on its first call and optimises it as it runs, a library
 * builds its caches on first use, an SDK client makes its first connection). Every step changes nothing:
 * ids are fresh ULIDs that no row has, the caller owns nothing, and writes are conditional on rows that
 * do not exist.
 */
export function rehearsalSteps(functions: FunctionHost): Readonly<Record<string, () => Promise<unknown>>> {
  return {
    /** The generation endpoint as the gateway invokes it: validated, then 404 for a client that is not there. */
    'generation request': async () => {
      const route = httpRoutes.find((candidate) => candidate.path === '/api/generate-newsletter');
      if (!route) throw new Error('no newsletter route');
      const reply = await functions.invoke<{ statusCode?: number }>(
        route.function.id,
        rehearsalRequest(route),
      );
      if (reply.statusCode !== 404)
        throw new Error(`the rehearsal request answered ${reply.statusCode}, not 404`);
    },
    /**
     * The queue and the worker: a message for a job that does not exist goes through SQS, the poller and
     * the worker's thread, whose attempt finds no job (a conditional update that writes nothing) and ends.
     */
    'job queue and worker': async () => {
      if (!readEnv('jobsQueueUrl')) return;
      const { enqueueJob } = await import('#functions/generation/job-queue');
      await enqueueJob(ulid());
    },
  };
}

function rehearsalRequest(route: (typeof httpRoutes)[number]): APIGatewayProxyEventV2 {
  const event = httpApiEvent({
    routeKey: routeKeyOf(route),
    method: route.method,
    rawPath: route.path,
    headers: { 'content-type': 'application/json', 'user-agent': 'local warm-up' },
    body: JSON.stringify({ ...REHEARSAL_REQUEST, clientId: ulid() }),
  });
  return withLambdaAuthorizer(event, toAuthorizerContext(REHEARSAL_CALLER));
}

export interface WarmUpReport {
  readonly functions: number;
  readonly failed: readonly string[];
  readonly seconds: number;
}

/**
 * Starts the threads above one by one, then runs the rehearsal, yielding to the event loop between steps
 * so requests that arrive meanwhile are served. Resolves with what it did; never rejects.
 */
export async function warmUpHandlers(functions: FunctionHost): Promise<WarmUpReport> {
  const started = performance.now();
  const failed: string[] = [];
  const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
  const entries = warmUpHandlerEntries();
  const idOf = new Map([...functionEntries].map(([id, entry]) => [entry, id]));
  for (const entry of entries) {
    await yieldToRequests();
    const functionId = idOf.get(entry);
    if (!functionId) {
      failed.push(entry);
      continue;
    }
    await functions.warm(functionId).catch(() => failed.push(entry));
  }
  for (const [name, step] of Object.entries(rehearsalSteps(functions))) {
    await yieldToRequests();
    await step().catch(() => failed.push(name));
  }
  return { functions: entries.length, failed, seconds: (performance.now() - started) / 1000 };
}
