import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchEstimate, BatchView } from '#shared/batch-schemas';
import { JOB_KEPT_DAYS } from '#shared/generation-jobs';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "Bulk results for every row": bulk results for every row. The estimate before a run
 * comes from the server and names the rows whose model's provider has no key (they run offline, at no cost);
 * rows keep the numbers of the user's spreadsheet; each row names its tool as the CSV did; and a finished row
 * without a client points at its job's result, which says when it expires.
 */

let app: TestRuntime;
let user: TestUser;

/** OpenAI has a key (never called: a dry run starts nothing, the run below uses Anthropic's models). */
beforeAll(async () => {
  app = await startTestRuntime({
    env: {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      OFFLINE_STREAM_DELAY_MS: '0',
    },
  });
  user = await app.createUser();
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const OFFLINE_MODEL = 'claude-sonnet-4.1-20250514';

const postCsv = <T>(csv: string, query: string) =>
  app.request<T>('POST', `/api/batches?${query}`, {
    token: user.idToken,
    body: csv,
    headers: { 'content-type': 'text/csv' },
  });

describe('POST /api/batches?dryRun=true', () => {
  it('answers the estimate, naming the rows that run offline at no cost, and starts nothing', async () => {
    const csv = [
      'tool,topic,model,platforms',
      'newsletter,Spring roof checklist,gpt-4o,',
      '',
      `howto,How to clear gutters,${OFFLINE_MODEL},`,
      `social,Free inspections all April,${OFFLINE_MODEL},facebook`,
    ].join('\r\n');
    const estimate = await postCsv<BatchEstimate>(csv, 'dryRun=true&saveToClient=false');
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    // Row numbers as the user's spreadsheet has them (the blank row 3 counts); Anthropic has no key here.
    expect(estimate.body.offlineRows).toEqual([4, 5]);
    expect(estimate.body.rows).toBe(3);
    expect(estimate.body.estimatedCostUsd).toBeGreaterThan(estimate.body.expectedCostUsd);
    expect(estimate.body.expectedCostUsd).toBeGreaterThan(0);
    const listed = await app.request<{ batches: unknown[] }>('GET', '/api/batches', { token: user.idToken });
    expect(listed.body.batches).toEqual([]);

    // JSON rows too: the same estimate, nothing started.
    const json = await app.request<BatchEstimate>('POST', '/api/batches', {
      token: user.idToken,
      body: {
        rows: [{ tool: 'faq', topic: 'Gutters', model: OFFLINE_MODEL }],
        saveToClient: false,
        dryRun: true,
      },
    });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ rows: 1, offlineRows: [1], expectedCostUsd: 0 });
  });

  it("words a schema's rule as the app does, never as the validator", async () => {
    const refused = await postCsv<{
      error: { message: string; problems: { row: number; message: string }[] };
    }>('tool,topic,questions,heading_level\r\nfaq,Gutters,6,h5\r\n', 'dryRun=true&saveToClient=false');
    expect(refused.status).toBe(400);
    expect(refused.body.error.problems.map((problem) => problem.message)).toEqual([
      'questions must be a whole number from 7 to 10.',
      'heading_level must be one of: h2, h3, h4.',
    ]);
    expect(refused.body.error.message).not.toMatch(/Too small|Invalid|expected/u);
  });
});

describe('A batch without clients', () => {
  it("names each row's tool as written, keeps the spreadsheet's row numbers, and points at each job's result", async () => {
    const csv = [
      'tool,topic,model,platforms',
      `howto,How to clear gutters,${OFFLINE_MODEL},`,
      '',
      `social,Free inspections all April,${OFFLINE_MODEL},facebook`,
    ].join('\r\n');
    const created = await postCsv<{ batchId: string; offlineRows: number[] }>(csv, 'saveToClient=false');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.offlineRows).toEqual([2, 4]);
    const startedAt = Date.now();
    let batch: BatchView | null = null;
    for (let tries = 0; tries < 240; tries += 1) {
      batch = (
        await app.request<BatchView>('GET', `/api/batches/${created.body.batchId}`, { token: user.idToken })
      ).body;
      if (batch.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(batch?.counts).toMatchObject({ total: 2, succeeded: 2 });
    expect(batch?.rows.map((row) => [row.row, row.tool])).toEqual([
      [2, 'howto'],
      [4, 'social'],
    ]);
    for (const row of batch?.rows ?? []) {
      expect(row.contentId).toBeUndefined();
      // Kept as long as its job: JOB_KEPT_DAYS from when the row's job was created.
      const expires = Date.parse(row.resultExpiresAt ?? '');
      const kept = JOB_KEPT_DAYS * 24 * 60 * 60 * 1000;
      expect(expires).toBeGreaterThan(startedAt + kept - 60_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + kept + 1_000);
      const job = await app.request<{ status: string; result: Record<string, unknown> }>(
        'GET',
        `/api/jobs/${row.jobId}`,
        { token: user.idToken },
      );
      expect(job.status).toBe(200);
      expect(job.body.status).toBe('succeeded');
      expect(job.body.result.provider).toBe('offline');
    }
  });
});
