import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiUser } from './support/clients';
import { type E2eApp, expectToast, openPage, pageErrors, signInThroughUi, startE2eApp } from './support/e2e';
import { generationBudget, waitForFrameText, waitForResult } from './support/tools';

/**
 * The browser's side of the push protocol (docs/decisions.md, "Job progress pushes"), with the
 * WebSocket routed through the test so it can lose or reshape server messages: a lost push makes the
 * page fetch the job with its pushed text (`?include=partial`) and carry on, and a `job.succeeded`
 * that only points to the job makes the page fetch it. Plain polls never ask for the pushed text, so
 * such a request can only come from the resync.
 */

let app: E2eApp;

beforeAll(async () => {
  // A pause per streamed chunk makes the job run for a few seconds, with many pushes.
  app = await startE2eApp({ env: { OFFLINE_STREAM_DELAY_MS: '25' } });
});

afterAll(async () => {
  await app?.stop();
});

interface ServerMessage {
  type?: string;
  jobId?: string;
  seq?: number;
  tool?: string;
}

/** Routes the app's WebSocket through `rewrite`, which returns the message to deliver or null to drop it. */
async function routeServerMessages(page: Page, rewrite: (message: ServerMessage) => object | null) {
  await page.routeWebSocket(/token=/u, (socket: WebSocketRoute) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      const parsed = JSON.parse(String(message)) as ServerMessage;
      const delivered = rewrite(parsed);
      if (delivered) socket.send(delivered === parsed ? String(message) : JSON.stringify(delivered));
    });
  });
}

/** Records the job reads that asked for the pushed text. */
function resyncReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/jobs\/[^/?]+\?include=partial$/u.test(request.url())) reads.push(request.url());
  });
  return reads;
}

/**
 * Holds a plain poll that would show the job finished until the resync read has gone out. A plain
 * poll ticks every 2 s and may land between the job's end and the pointer's arrival (a busy CI
 * machine delays the push): the page would then take the result from it and never follow the
 * pointer. Polls of a running job pass at once, so only a finished job's poll ever waits, and a page
 * that never follows the pointer never gets its result.
 */
async function holdFinishedPollsUntilResync(page: Page): Promise<void> {
  let resyncSent = () => {};
  const resync = new Promise<void>((resolve) => {
    resyncSent = resolve;
  });
  page.on('request', (request) => {
    if (/\/api\/jobs\/[^/?]+\?include=partial$/u.test(request.url())) resyncSent();
  });
  await page.route(/\/api\/jobs\/[^/?]+$/u, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const { status } = JSON.parse(body) as { status?: string };
    if (status === 'succeeded' || status === 'failed') await resync;
    await route.fulfill({ response, body });
  });
}

async function generateNewsletter(page: Page, topic: string): Promise<void> {
  await page.goto('/newsletter');
  await page.getByRole('heading', { name: 'Newsletter Creator' }).waitFor();
  await page.getByLabel('Newsletter Topic *').fill(topic);
  await page.getByRole('button', { name: 'Generate Newsletter' }).click();
}

describe('job progress pushes in the browser', () => {
  it('fetches the pushed text after a lost push and still streams and finishes', async () => {
    const user = await createApiUser(app, 'resync');
    const page = await openPage(app);
    const dropped: number[] = [];
    await routeServerMessages(page, (message) => {
      if (message.type === 'job.progress' && message.seq === 3) {
        dropped.push(message.seq);
        return null;
      }
      return message;
    });
    const reads = resyncReads(page);
    await signInThroughUi(page, user.email, user.password);
    const budget = generationBudget();
    await generateNewsletter(page, 'Spring home maintenance tips');

    await waitForFrameText(page, 'Newsletter preview', 200, budget);
    await waitForResult(page, budget);
    await expectToast(page, 'Newsletter Generated!');
    expect(dropped).toEqual([3]);
    expect(reads.length).toBeGreaterThan(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('fetches a finished job that the push only points to', async () => {
    const user = await createApiUser(app, 'pointer');
    const page = await openPage(app);
    // As the worker sends a result too large for one WebSocket message: no job, a pointer to it.
    await routeServerMessages(page, (message) =>
      message.type === 'job.succeeded' && message.jobId
        ? {
            type: 'job.succeeded',
            jobId: message.jobId,
            tool: message.tool,
            resultUrl: `/api/jobs/${message.jobId}`,
          }
        : message,
    );
    const reads = resyncReads(page);
    await holdFinishedPollsUntilResync(page);
    await signInThroughUi(page, user.email, user.password);
    await generateNewsletter(page, 'Winter pipe protection');

    await waitForResult(page);
    await expectToast(page, 'Newsletter Generated!');
    expect(reads.length).toBeGreaterThan(0);
    expect(pageErrors(page)).toEqual([]);
  });
});
