import { billableEstimate } from '#functions/budgets/billable-estimate';
import { budgetedClientOf } from '#functions/budgets/budgeted-client';
import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { refuseUnsafeSourceUrls } from '#functions/commons/source-urls';
import { findLanguageModel } from '#shared/models';
import type { ToolJob } from '#shared/tools/common';
import { idempotencyKeyOf } from './idempotency-key-header';
import { admitJob } from './job-admission';
import { enqueueJob } from './job-queue';
import { createJob } from './job-store';
import { withPreferWait } from './prefer-wait';

/**
 * What the HTTP side needs of a tool: each tool keeps it beside its request schema, as its `ToolJob`
 * (shared/tools/common.ts), so a route's bundle holds the request schema and not the code only the
 * worker runs.
 */
export type JobRequest<Input> = ToolJob<Input>;

/**
 * The HTTP side of every text generation endpoint: validate the tool's request body and the optional
 * Idempotency-Key, check access to the client it names (before anything is queued, so a forbidden
 * client fails fast with 404), then admit the job (its estimate held only when its model's provider has a
 * key: billable-estimate.ts) (job-admission.ts: the user's cap, the job, its
 * message, 202 {jobId}), or with `Prefer: wait=N` the finished job (prefer-wait.ts). The worker does the
 * slow part.
 */
export function createJobHandler<Input extends { readonly model: string }>(tool: JobRequest<Input>) {
  return withPreferWait(
    httpHandler({
      body: tool.requestSchema,
      handle: async ({ body, caller, userAgent, event }) => {
        const key = idempotencyKeyOf(event.headers);
        const clientId = tool.clientId(body);
        await refuseUnsafeSourceUrls(tool.sourceUrls?.(body) ?? []);
        const client = clientId ? (await authorizeClient(caller, clientId)).record : null;
        // A client's job holds its estimate only if it can cost money: offline, it holds nothing.
        const listPrice = tool.estimateMicroUsd(body);
        const estimateMicroUsd = client
          ? await billableEstimate(findLanguageModel(body.model)?.provider ?? null, listPrice)
          : listPrice;
        return admitJob({
          caller,
          key,
          request: body,
          tool: tool.name,
          budget: client ? { client: budgetedClientOf(client), estimateMicroUsd } : null,
          create: (jobId, budgetMonth) =>
            createJob(caller, tool.name, body, userAgent, jobId, null, {
              clientId,
              apiKeyId: caller.apiKeyId ?? null,
              estimateMicroUsd,
              budgetMonth,
            }),
          send: enqueueJob,
        });
      },
    }),
  );
}
