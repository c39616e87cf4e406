import { describe, expect, it } from 'vitest';
import { retryUnprocessed } from './retry-unprocessed';

interface Row {
  id: string;
  body: string;
}

const noWait = async () => {};
const rows: Row[] = ['a', 'b', 'c', 'd'].map((id) => ({ id, body: `body of ${id}` }));
const identify = (value: { id: string }) => value.id;

describe('retryUnprocessed', () => {
  it('does nothing for an empty list', async () => {
    const calls: Row[][] = [];
    await retryUnprocessed<Row, { id: string }>(
      [],
      async (batch) => {
        calls.push(batch);
        return { unprocessed: [] };
      },
      identify,
    );
    expect(calls).toEqual([]);
  });

  it('retries the whole items whose keys came back unprocessed, until nothing is left', async () => {
    const calls: string[][] = [];
    const delays: number[] = [];
    await retryUnprocessed(
      rows,
      async (batch) => {
        calls.push(batch.map((row) => row.body));
        // Like a batch put: only the keys of the skipped items come back.
        return { unprocessed: batch.slice(1).map(({ id }) => ({ id })) };
      },
      identify,
      async (ms) => {
        delays.push(ms);
      },
    );
    expect(calls).toEqual([
      ['body of a', 'body of b', 'body of c', 'body of d'],
      ['body of b', 'body of c', 'body of d'],
      ['body of c', 'body of d'],
      ['body of d'],
    ]);
    expect(delays).toEqual([50, 100, 200]);
  });

  it('gives up with an error when items never get processed', async () => {
    await expect(
      retryUnprocessed(rows.slice(0, 1), async (batch) => ({ unprocessed: batch }), identify, noWait),
    ).rejects.toThrow(/1 item\(s\) unprocessed after 6 attempts/);
  });
});
