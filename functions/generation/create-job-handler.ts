import { requireClientAccess } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { idempotencyKeyOf } from './idempotency-keys';
import { admitJob } from './job-admission';
import { enqueueJob } from './job-queue';
import { createJob } from './job-store';
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
 * The HTTP side of every text generation endpoint: validate the tool's request body and the optional
 * Idempotency-Key, check access to the client it names (before anything is queued, so a forbidden
 * client fails fast with 404), then admit the job (job-admission.ts: the user's cap, the job, its
 * message, 202 {jobId}). The worker does the slow part.
 */
export function createJobHandler<Input>(tool: JobRequest<Input>) {
  return httpHandler({
    body: tool.requestSchema,
    handle: async ({ body, caller, userAgent, event }) => {
      const key = idempotencyKeyOf(event.headers);
      const clientId = tool.clientId(body);
      if (clientId) await requireClientAccess(caller, clientId);
      return admitJob({
        caller,
        key,
        tool: tool.name,
        create: (jobId) => createJob(caller, tool.name, body, userAgent, jobId),
        send: enqueueJob,
      });
    },
  });
}
