import type * as z from 'zod/mini';
import { billableEstimate } from '#functions/budgets/billable-estimate';
import { budgetedClientOf } from '#functions/budgets/budgeted-client';
import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { refuseUnsafeSourceUrls } from '#functions/commons/source-urls';
import { idempotencyKeyOf } from '#functions/generation/idempotency-key-header';
import { admitJob } from '#functions/generation/job-admission';
import { createJob } from '#functions/generation/job-store';
import { withPreferWait } from '#functions/generation/prefer-wait';
import type { ModelProvider } from '#shared/models';
import { enqueueMediaJob } from './media-queue';

/**
 * The HTTP side of the media tools, with the same admission as the text tools
 * (functions/generation/job-admission.ts: Idempotency-Key, the per-user cap of unfinished jobs, all or
 * nothing): validate, check access to the client, store the job without the user's own provider key
 * (which rides in the queue message only, so it is never stored) and queue it for the media worker. No
 * tool code is imported, so the route bundles stay small.
 */
export function createMediaJobHandler<Input extends object>(options: {
  readonly name: string;
  readonly requestSchema: z.ZodMiniType<Input>;
  clientId(input: Input): string | null;
  /**
   * What the job is expected to cost at list price, in micro-dollars
   * (docs/decisions.md, "Usage, cost, budgets and bulk runs").
   */
  estimateMicroUsd(input: Input): number;
  /**
   * Whose key the job would be billed on, or null when nothing of it is (the user's own key, a run
   * whose children count themselves): its estimate holds the client's budget only with that key here.
   */
  billedBy(input: Input): ModelProvider | null;
  /** The web pages the job will read (shared/tools/common.ts, ToolJob's `sourceUrls`). */
  sourceUrls?(input: Input): readonly string[];
}) {
  return withPreferWait(
    httpHandler({
      body: options.requestSchema,
      handle: async ({ body, caller, userAgent, event }) => {
        const key = idempotencyKeyOf(event.headers);
        const clientId = options.clientId(body);
        await refuseUnsafeSourceUrls(options.sourceUrls?.(body) ?? []);
        const client = clientId ? (await authorizeClient(caller, clientId)).record : null;
        const { apiKey, ...stored } = body as Input & { apiKey?: string };
        const listPrice = options.estimateMicroUsd(body);
        const estimateMicroUsd = client
          ? await billableEstimate(options.billedBy(body), listPrice)
          : listPrice;
        return admitJob({
          caller,
          key,
          request: stored,
          tool: options.name,
          budget: client ? { client: budgetedClientOf(client), estimateMicroUsd } : null,
          create: (jobId, budgetMonth) =>
            createJob(caller, options.name, stored, userAgent, jobId, null, {
              clientId,
              apiKeyId: caller.apiKeyId ?? null,
              estimateMicroUsd,
              budgetMonth,
            }),
          // A replay sends its own request's key: the first one's was never stored.
          send: (jobId) => enqueueMediaJob(apiKey ? { jobId, userApiKey: apiKey } : { jobId }),
        });
      },
    }),
  );
}
