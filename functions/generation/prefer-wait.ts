import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { HttpEvent } from '#functions/commons/http-handler';
import { getJob, publicJob, type StoredJob } from '#functions/generation/job-store';
import { jobStatusUrl, MAX_PREFER_WAIT_SECONDS } from '#shared/public-api';

/**
 * The public API's waiting mode (docs/architecture.md, "Media, publishing and integrators"): a generation answers `202 {jobId, statusUrl}` at once,
 * or, with `Prefer: wait=N` (N ≤ 25), `200` with the finished job when it finishes within N seconds
 * (RFC 7240; `Preference-Applied` says the wait was honoured). A wrapper around the job handler, so the
 * job engine itself stays unaware of it.
 */

type JobHandler = (event: HttpEvent, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const POLL_INTERVAL_MS = 250;
/** Left for answering before the function's own timeout. */
const SAFETY_MARGIN_MS = 1_500;

/** Seconds asked for by a `Prefer` header, capped at 25; 0 when it asks for no wait. */
export function preferredWaitSeconds(prefer: string | undefined): number {
  const match = /(?:^|[,;\s])wait\s*=\s*"?(\d{1,6})"?/i.exec(prefer ?? '');
  if (!match?.[1]) return 0;
  return Math.min(Number.parseInt(match[1], 10), MAX_PREFER_WAIT_SECONDS);
}

function isFinished(job: StoredJob | null): job is StoredJob {
  return job?.status === 'succeeded' || job?.status === 'failed';
}

async function waitForJob(jobId: string, deadline: number): Promise<StoredJob | null> {
  for (;;) {
    const job = await getJob(jobId);
    if (isFinished(job) || Date.now() + POLL_INTERVAL_MS >= deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

function jobIdOf(body: string | undefined): string | null {
  try {
    const parsed = JSON.parse(body ?? '') as { jobId?: unknown };
    return typeof parsed.jobId === 'string' ? parsed.jobId : null;
  } catch {
    return null;
  }
}

export function withPreferWait(inner: JobHandler): JobHandler {
  return async (event, context) => {
    const result = await inner(event, context);
    const jobId = result.statusCode === 202 ? jobIdOf(result.body) : null;
    if (!jobId) return result;
    const statusUrl = jobStatusUrl(jobId);
    const seconds = preferredWaitSeconds(event.headers?.prefer);
    if (seconds > 0) {
      const remaining = context.getRemainingTimeInMillis() - SAFETY_MARGIN_MS;
      const job = await waitForJob(jobId, Date.now() + Math.min(seconds * 1000, remaining));
      if (isFinished(job)) {
        return {
          ...result,
          statusCode: 200,
          headers: { ...result.headers, 'preference-applied': `wait=${seconds}` },
          body: JSON.stringify({ ...publicJob(job), jobId, statusUrl }),
        };
      }
    }
    return { ...result, body: JSON.stringify({ jobId, statusUrl }) };
  };
}
