/**
 * The body of a job queue message. Apart from job-queue.ts so that the consumers (the workers and the
 * dead-letter handler) read messages without bundling the SQS client they have no grant to send with.
 */
export interface JobMessage {
  jobId: string;
}

export function parseJobMessage(body: string): JobMessage | null {
  try {
    const parsed = JSON.parse(body) as Partial<JobMessage>;
    return typeof parsed.jobId === 'string' && parsed.jobId.length > 0 ? { jobId: parsed.jobId } : null;
  } catch {
    return null;
  }
}
