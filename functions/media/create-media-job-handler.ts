import { ulid } from 'ulid';
import type * as z from 'zod/mini';
import { requireClientAccess } from '#functions/clients/client-access';
import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import {
  claimIdempotencyKey,
  idempotencyKeyOf,
  releaseIdempotencyKey,
} from '#functions/generation/idempotency-keys';
import { takeJobSlot } from '#functions/generation/job-slots';
import { createJob, getJob } from '#functions/generation/job-store';
import { enqueueMediaJob } from './media-queue';

/**
 * The HTTP side of the media tools, with the same admission as the text tools (create-job-handler.ts:
 * Idempotency-Key, the per-user cap of unfinished jobs): validate, check access to the client, store the
 * job without the user's own provider key (which rides in the queue message only, so it is never
 * stored) and queue it for the media worker. No tool code is imported, so the route bundles stay small.
 */
export function createMediaJobHandler<Input extends object>(options: {
  readonly name: string;
  readonly requestSchema: z.ZodMiniType<Input>;
  clientId(input: Input): string | null;
}) {
  return httpHandler({
    body: options.requestSchema,
    handle: async ({ body, caller, userAgent, event }) => {
      const key = idempotencyKeyOf(event.headers);
      const clientId = options.clientId(body);
      if (clientId) await requireClientAccess(caller, clientId);

      const claim = key ? await claimIdempotencyKey(caller.userId, key, options.name, ulid()) : null;
      if (claim && !claim.fresh && (await getJob(claim.jobId))) return accepted(claim.jobId);
      const jobId = claim?.jobId ?? ulid();
      try {
        await takeJobSlot(caller.userId, jobId);
      } catch (error) {
        if (key && claim?.fresh) await releaseIdempotencyKey(caller.userId, key, jobId);
        throw error;
      }
      const { apiKey, ...stored } = body as Input & { apiKey?: string };
      if (await createJob(caller, options.name, stored, userAgent, jobId)) {
        await enqueueMediaJob(apiKey ? { jobId, userApiKey: apiKey } : { jobId });
      }
      return accepted(jobId);
    },
  });
}

function accepted(jobId: string): HttpResult {
  return new HttpResult(202, { jobId }, { location: `/api/jobs/${jobId}` });
}
