import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchView } from '#shared/batch-schemas';
import { batchResultsCsv } from '#shared/batches';
import { USAGE_CSV, USAGE_CSV_COLUMNS, type UsageJob } from '#shared/usage';
import { FORMULA_PAYLOADS } from '#test/support/formula-payloads';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "Spreadsheet files: no formulas out, only UTF-8 in", through the local gateway: clients
 * named with formula payloads run a batch, and the usage CSV (`GET /api/usage/jobs`, `Accept: text/csv`) and
 * the bulk results file written from the batch as the page reads it hold every name as text prefixed with
 * `'`, the numbers as numbers. A CSV upload that is not UTF-8 is refused, naming its row, and nothing is
 * stored.
 */

let app: TestRuntime;
let user: TestUser;
/** Client names are trimmed when saved, so the payloads that start with a tab or CR cannot be names. */
const NAMES = FORMULA_PAYLOADS.filter((payload) => payload.trim() === payload);
let batch: BatchView;

beforeAll(async () => {
  app = await startTestRuntime({ env: { OFFLINE_STREAM_DELAY_MS: '2' } });
  user = await app.createUser();
  const clients: string[] = [];
  for (const name of NAMES) {
    const created = await app.request<{ id: string }>('POST', '/api/clients', {
      token: user.idToken,
      body: { name },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    clients.push(created.body.id);
  }
  const started = await app.request<{ batchId: string }>('POST', '/api/batches', {
    token: user.idToken,
    body: { rows: clients.map((client) => ({ tool: 'faq', client, topic: 'Gutters' })), saveToClient: false },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const read = await app.request<BatchView>('GET', `/api/batches/${started.body.batchId}`, {
      token: user.idToken,
    });
    batch = read.body;
    const accounted = await app.request<{ rows: UsageJob[] }>('GET', '/api/usage/jobs?limit=100', {
      token: user.idToken,
    });
    if (batch.status !== 'running' && accounted.body.rows.length === NAMES.length) break;
    if (Date.now() > deadline)
      throw new Error(`Batch still ${batch.status}: ${JSON.stringify(batch.counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(batch.counts.succeeded).toBe(NAMES.length);
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

/** What a spreadsheet-grade reader makes of the file: quoted cells as written, bare numbers typed. */
const readBack = (csv: string) =>
  Papa.parse<Record<string, unknown>>(csv, { header: true, dynamicTyping: true });

describe('CSV exports', () => {
  it('GET /api/usage/jobs as CSV: every client name is text starting with a quote, the numbers are numbers', async () => {
    const response = await fetch(`${app.url}/api/usage/jobs`, {
      headers: { authorization: `Bearer ${user.idToken}`, accept: 'text/csv' },
    });
    expect(response.status).toBe(200);
    const csv = await response.text();
    expect(csv.split('\r\n')[0]).toBe(USAGE_CSV_COLUMNS.join(','));
    const parsed = readBack(csv);
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((line) => line.clientName).sort()).toEqual(NAMES.map((name) => `'${name}`).sort());
    for (const line of parsed.data) {
      for (const column of USAGE_CSV) {
        if (column.kind === 'number') expect(typeof line[column.header], column.header).toBe('number');
      }
    }
    expect(parsed.data.every((line) => line.costUsd === 0)).toBe(true);
    // As written: text quoted, numbers bare (tokens, images, imageDetail, speech, duration, cost, priceAsOf).
    for (const line of csv.split('\r\n').slice(1)) {
      expect(line).toMatch(/^"[^"]+",.*,\d+,\d+,\d+,\d+,"[^"]*",\d+,[\d.]+,\d+,0,"[^"]*","(true|false)",/s);
    }
  });

  it("the bulk results file, written from the batch as the page reads it, neutralises the clients' names", () => {
    const parsed = readBack(batchResultsCsv(batch, 'http://localhost:3000'));
    expect(parsed.data.map((line) => line.client).sort()).toEqual(NAMES.map((name) => `'${name}`).sort());
    expect(parsed.data.map((line) => line.row)).toEqual(NAMES.map((_, index) => index + 1));
    expect(parsed.data.every((line) => line.costUsd === 0)).toBe(true);
  });
});

describe('POST /api/batches with a CSV that is not UTF-8', () => {
  it('is refused with a 400 naming the row, and nothing is stored', async () => {
    const before = await app.request<{ batches: unknown[] }>('GET', '/api/batches', { token: user.idToken });
    // Row 3 saved from a Windows-1252 spreadsheet: "é" as the single byte 0xE9.
    const body = Buffer.concat([
      Buffer.from(`tool,client,topic\r\nfaq,,Gutters\r\nfaq,,Caf`, 'utf8'),
      Buffer.from([0xe9]),
      Buffer.from(' menus\r\n', 'utf8'),
    ]);
    const response = await fetch(`${app.url}/api/batches`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'text/csv' },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: {
        code: 'invalid_encoding',
        message: 'Row 3 is not valid UTF-8 text: save the file as CSV UTF-8 and upload it again.',
      },
    });
    const after = await app.request<{ batches: unknown[] }>('GET', '/api/batches', { token: user.idToken });
    expect(after.body.batches).toHaveLength(before.body.batches.length);
  });
});
