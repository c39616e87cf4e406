import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_ACCESS,
  FUNCTION_ACCESS,
  type FunctionAccess,
  functionAccess,
} from '#infra/function-access';
import { MEDIA_WORKER_ACCESS } from '#infra/media-worker';
import { backgroundFunctions, httpFunctions, webSocketRoutes } from '#infra/routes';
import { modulesReached } from '../../bench/lambda-bundles';
import { actionsOfFunction, sharedTemplate } from './fixture';
import { SHARED_BUNDLES_TIMEOUT_MS, sharedBundleOf } from './shared-bundles';

/**
 * Issue 17 item 5: each function's grants come from what its code uses. Every handler entry's module
 * graph (its bundle, test/infra/shared-bundles.ts) gives the SDK client modules it reaches; no function may hold a
 * grant for a client its code cannot reach. The grant table itself is pinned below for the functions
 * the review named.
 */

const CLIENT_MODULES = {
  mediaBucket: 'functions/commons/clients/s3.ts',
  mediaTagging: 'functions/media/saved-media.ts',
  wordpressKey: 'functions/commons/clients/kms.ts',
  webSocket: 'functions/commons/clients/websocket-management.ts',
  jobsQueue: 'functions/commons/clients/sqs.ts',
  providerSecret: 'functions/providers/provider-keys.ts',
} as const satisfies Partial<Record<keyof FunctionAccess, string>>;

const OWN_QUEUE_CONSUMERS: ReadonlySet<string> = new Set(['Worker', 'MediaWorker']);

async function reachedModules(entry: string): Promise<Set<string>> {
  const { bundle } = await sharedBundleOf(entry);
  return modulesReached(bundle.inputs, entry);
}

const functions: [string, string, FunctionAccess][] = [
  ...httpFunctions.map((fn): [string, string, FunctionAccess] => [fn.id, fn.entry, functionAccess(fn)]),
  ...webSocketRoutes.map((route): [string, string, FunctionAccess] => [
    route.id,
    route.entry,
    FUNCTION_ACCESS[route.id] ?? BACKGROUND_ACCESS.webSocketHandler,
  ]),
  ['HttpAuthorizer', backgroundFunctions.httpAuthorizer, BACKGROUND_ACCESS.httpAuthorizer],
  ['WsAuthorizer', backgroundFunctions.webSocketAuthorizer, BACKGROUND_ACCESS.webSocketAuthorizer],
  ['Worker', backgroundFunctions.worker, BACKGROUND_ACCESS.worker],
  ['MediaWorker', backgroundFunctions.mediaWorker, MEDIA_WORKER_ACCESS],
  ['DeadLetters', backgroundFunctions.deadLetters, BACKGROUND_ACCESS.deadLetters],
];

describe('function grants', () => {
  it(
    'grant no function a client its code cannot reach',
    async () => {
      const excess: string[] = [];
      for (const [id, entry, access] of functions) {
        const reached = await reachedModules(entry);
        for (const [grant, module] of Object.entries(CLIENT_MODULES)) {
          if (access[grant as keyof typeof CLIENT_MODULES] && !reached.has(module))
            excess.push(`${id}: ${grant}`);
        }
      }
      expect(excess).toEqual([]);
    },
    SHARED_BUNDLES_TIMEOUT_MS,
  );

  // The other way round: code that reaches a client must hold its grant, or it fails in AWS only (the
  // local runtime grants everything). The media worker runs text children and saves multi-platform
  // items, so it needs the provider keys, the live pushes and the table as the text worker does.
  it(
    'grant every function the clients its code reaches',
    async () => {
      const missing: string[] = [];
      for (const [id, entry, access] of functions) {
        const reached = await reachedModules(entry);
        for (const [grant, module] of Object.entries(CLIENT_MODULES)) {
          if (!reached.has(module) || access[grant as keyof typeof CLIENT_MODULES]) continue;
          if (grant === 'jobsQueue' && OWN_QUEUE_CONSUMERS.has(id)) continue;
          // Code that reaches the S3 client only to tag saved media holds the tagging grant alone.
          if (grant === 'mediaBucket' && access.mediaTagging && reached.has(CLIENT_MODULES.mediaTagging))
            continue;
          missing.push(`${id}: ${grant}`);
        }
      }
      expect(missing).toEqual([]);
      // What the workers do with SQS is set their own message's visibility (the retry backoff), which
      // their queue's event source grants. The text worker also feeds bulk runs (a jobsQueue grant);
      // the media worker sends nothing.
      const { template } = sharedTemplate();
      for (const id of OWN_QUEUE_CONSUMERS)
        expect(actionsOfFunction(template, `${id}Function`), id).toContain('sqs:ChangeMessageVisibility');
    },
    SHARED_BUNDLES_TIMEOUT_MS,
  );

  it('pin what the review found over-granted', () => {
    const { template } = sharedTemplate();
    const actions = (id: string) => actionsOfFunction(template, `${id}Function`);
    const s3 = (id: string) => actions(id).filter((action) => action.startsWith('s3:'));
    for (const id of ['GetJob', 'GenerateNewsletter', 'GenerateFaq', 'Worker', 'Clients']) {
      expect(s3(id), id).toEqual([]);
    }
    // The library's saves only tag the media a save names as kept; they read and write none, and the
    // library's other routes touch no media.
    expect(s3('ContentSaves')).toEqual(['s3:PutObjectTagging']);
    expect(s3('Content')).toEqual([]);
    expect(actions('Worker').filter((action) => action.startsWith('kms:'))).toEqual([]);
    // Creating and updating a client encrypt its password; nothing of the Clients function decrypts.
    expect(actions('Clients').filter((action) => action.startsWith('kms:'))).toEqual(['kms:Encrypt']);
    expect(actions('WordPress').filter((action) => action.startsWith('kms:'))).toEqual(['kms:Decrypt']);
    for (const id of ['Content', 'ContentSaves']) {
      expect(
        actions(id).filter((action) => action.startsWith('kms:')),
        id,
      ).toEqual([]);
    }
    for (const id of ['WsAuthorizer', 'WsDefault']) {
      expect(
        actions(id).filter((action) => action.startsWith('dynamodb:')),
        id,
      ).toEqual([]);
    }
    for (const id of ['WsConnect', 'WsDisconnect'])
      expect(actions(id), id).not.toContain('execute-api:ManageConnections');
    expect(actions('WsDefault')).toContain('execute-api:ManageConnections');
    expect(s3('MediaWorker')).toContain('s3:PutObject');
  });
});
