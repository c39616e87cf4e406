import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_ACCESS, FUNCTION_ACCESS, type FunctionAccess, routeAccess } from '#infra/function-access';
import { MEDIA_WORKER_ACCESS } from '#infra/media-worker';
import { backgroundFunctions, httpRoutes, webSocketRoutes } from '#infra/routes';
import { actionsOfFunction, repositoryRoot, sharedTemplate } from './fixture';

/**
 * Issue 17 item 5: each function's grants come from what its code uses. Every handler entry is bundled
 * (esbuild, packages external) and the SDK client modules it reaches are listed; no function may hold a
 * grant for a client its code cannot reach. The grant table itself is pinned below for the functions
 * the review named.
 */

const CLIENT_MODULES = {
  mediaBucket: 'functions/commons/clients/s3.ts',
  wordpressKey: 'functions/commons/clients/kms.ts',
  webSocket: 'functions/commons/clients/websocket-management.ts',
  jobsQueue: 'functions/commons/clients/sqs.ts',
  providerSecret: 'functions/providers/provider-keys.ts',
} as const satisfies Partial<Record<keyof FunctionAccess, string>>;

async function reachedModules(entry: string): Promise<Set<string>> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: repositoryRoot,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  return new Set(Object.keys(result.metafile.inputs));
}

const functions: [string, string, FunctionAccess][] = [
  ...httpRoutes.map((route): [string, string, FunctionAccess] => [route.id, route.entry, routeAccess(route)]),
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
  it('grant no function a client its code cannot reach', async () => {
    const excess: string[] = [];
    for (const [id, entry, access] of functions) {
      const reached = await reachedModules(entry);
      for (const [grant, module] of Object.entries(CLIENT_MODULES)) {
        if (access[grant as keyof typeof CLIENT_MODULES] && !reached.has(module))
          excess.push(`${id}: ${grant}`);
      }
    }
    expect(excess).toEqual([]);
  }, 120_000);

  it('pin what the review found over-granted', () => {
    const { template } = sharedTemplate();
    const actions = (id: string) => actionsOfFunction(template, `${id}Function`);
    const s3 = (id: string) => actions(id).filter((action) => action.startsWith('s3:'));
    for (const id of [
      'GetJob',
      'GenerateNewsletter',
      'GenerateFaq',
      'Worker',
      'ListClients',
      'GetClient',
      'ListContent',
      'GetContent',
    ]) {
      expect(s3(id), id).toEqual([]);
    }
    expect(actions('Worker').filter((action) => action.startsWith('kms:'))).toEqual([]);
    expect(actions('CreateClient').filter((action) => action.startsWith('kms:'))).toEqual(['kms:Encrypt']);
    expect(actions('ListWordPressPosts').filter((action) => action.startsWith('kms:'))).toEqual([
      'kms:Decrypt',
    ]);
    expect(actions('ListClients').filter((action) => action.startsWith('kms:'))).toEqual([]);
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
