import { describe, expect, it } from 'vitest';
import { JobDeadlineError, untilAborted } from './job-deadline';

async function* endless(): AsyncGenerator<string> {
  yield 'first';
  // A provider stalled between two events, deaf to any signal.
  await new Promise(() => undefined);
}

describe('untilAborted', () => {
  it('passes events through and ends with the source', async () => {
    async function* three() {
      yield* [1, 2, 3];
    }
    const seen: number[] = [];
    for await (const value of untilAborted(three(), new AbortController().signal)) seen.push(value);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('stops a stalled stream when the signal aborts, with the signal reason', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const value of untilAborted(endless(), controller.signal)) seen.push(value);
    })();
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(new JobDeadlineError(300));
    await expect(run).rejects.toBeInstanceOf(JobDeadlineError);
    expect(seen).toEqual(['first']);
  });
});
