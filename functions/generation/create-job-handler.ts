import { requireClientAccess } from '#functions/clients/client-access';
import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import { enqueueJob } from './job-queue';
import { createJob } from './job-store';
import type { ToolDefinition } from './tool-definition';

/**
 * The HTTP side of every generation endpoint: validate the tool's request body, check access to the
 * client it names (before anything is queued, so a forbidden client fails fast with 404), store the
 * job, queue it, and answer 202 {jobId}. The worker does the slow part.
 */
export function createJobHandler<Input, Result extends Record<string, unknown>>(
  tool: ToolDefinition<Input, Result>,
) {
  return httpHandler({
    body: tool.requestSchema,
    handle: async ({ body, caller, userAgent }) => {
      const clientId = tool.clientId(body);
      if (clientId) await requireClientAccess(caller, clientId);
      const jobId = await createJob(caller, tool.name, body, userAgent);
      await enqueueJob(jobId);
      return new HttpResult(202, { jobId }, { location: `/api/jobs/${jobId}` });
    },
  });
}
