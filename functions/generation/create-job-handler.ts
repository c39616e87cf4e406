import { ulid } from 'ulid';
import { requireClientAccess } from '#functions/clients/client-access';
import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import { claimIdempotencyKey, idempotencyKeyOf, releaseIdempotencyKey } from './idempotency-keys';
import { enqueueJob } from './job-queue';
import { takeJobSlot } from './job-slots';
import { createJob, getJob } from './job-store';
import type { ToolDefinition } from './tool-definition';

/**
 * What the HTTP side needs of a tool: each tool keeps it in its own `request.ts`, so a route's bundle
 * holds the request schema and not the code only the worker runs.
 */
export type JobRequest<Input> = Pick<
  ToolDefinition<Input, Record<string, unknown>>,
  'name' | 'requestSchema' | 'clientId'
>;

/**
 * The HTTP side of every generation endpoint: validate the tool's request body and the optional
 * Idempotency-Key, check access to the client it names (before anything is queued, so a forbidden
 * client fails fast with 404), count the job against the user's cap, store it, queue it, and answer
 * 202 {jobId}. The worker does the slow part.
 *
 * With a key, the job id is recorded under it before the job exists; a repeat answers the same job
 * without creating, queueing or counting anything. A repeat that finds the record but no job (the first
 * request failed or is still on its way) creates that same job id: the conditional create lets exactly
 * one of them succeed, and only that one queues it.
 */
export function createJobHandler<Input>(tool: JobRequest<Input>) {
  return httpHandler({
    body: tool.requestSchema,
    handle: async ({ body, caller, userAgent, event }) => {
      const key = idempotencyKeyOf(event.headers);
      const clientId = tool.clientId(body);
      if (clientId) await requireClientAccess(caller, clientId);

      const claim = key ? await claimIdempotencyKey(caller.userId, key, tool.name, ulid()) : null;
      if (claim && !claim.fresh && (await getJob(claim.jobId))) return accepted(claim.jobId);
      const jobId = claim?.jobId ?? ulid();
      try {
        await takeJobSlot(caller.userId, jobId);
      } catch (error) {
        if (key && claim?.fresh) await releaseIdempotencyKey(caller.userId, key, jobId);
        throw error;
      }
      if (await createJob(caller, tool.name, body, userAgent, jobId)) await enqueueJob(jobId);
      return accepted(jobId);
    },
  });
}

function accepted(jobId: string): HttpResult {
  return new HttpResult(202, { jobId }, { location: `/api/jobs/${jobId}` });
}
