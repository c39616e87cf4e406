import { buildApp } from 'fauxqs';
import type { RunningEmulator } from './dynamodb';

/**
 * fauxqs in-process (SQS JSON protocol). We build its Fastify app and listen ourselves, because
 * `startFauxqs` binds 0.0.0.0 and everything local must stay on 127.0.0.1. It keeps messages in memory
 * only; job state lives in DynamoDB and unfinished jobs are re-queued at start (local/job-recovery.ts).
 */
export async function startSqs(options: { port: number }): Promise<RunningEmulator> {
  const app = buildApp({ logger: false });
  await app.listen({ port: options.port, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => app.close() };
}
