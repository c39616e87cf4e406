import { getEventListeners, setMaxListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { JobDeadlineError, jobDeadline, linkedSignal, settledBefore, untilAborted } from './job-deadline';

async function* endless(): AsyncGenerator<string> {
  yield 'first';
  // A provider stalled between two events, deaf to any signal.
  await new Promise(() => undefined);
}

describe('jobDeadline', () => {
  it("names the function's whole-second time limit, though the handler starts a little after the clock", async () => {
    const deadline = jobDeadline({ getRemainingTimeInMillis: () => 2_400 });
    const reason = await new Promise<unknown>((resolve) =>
      deadline.signal.addEventListener('abort', () => resolve(deadline.signal.reason), { once: true }),
    );
    deadline.dispose();
    expect(reason).toBeInstanceOf(JobDeadlineError);
    expect((reason as JobDeadlineError).message).toMatch(/time limit of 3 s\./);
  });
});

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

describe('settledBefore', () => {
  it('settles like the work when it ends first', async () => {
    const controller = new AbortController();
    await expect(settledBefore(Promise.resolve('done'), controller.signal)).resolves.toBe('done');
    await expect(settledBefore(Promise.reject(new Error('no key')), controller.signal)).rejects.toThrow(
      'no key',
    );
  });

  it('rejects with the deadline when it aborts first, even if the work never ends', async () => {
    const controller = new AbortController();
    const outcome = settledBefore(new Promise<never>(() => undefined), controller.signal);
    controller.abort(new JobDeadlineError(600));
    await expect(outcome).rejects.toBeInstanceOf(JobDeadlineError);
  });

  it('rejects at once when the deadline has already passed', async () => {
    const controller = new AbortController();
    controller.abort(new JobDeadlineError(10));
    await expect(settledBefore(Promise.resolve('late'), controller.signal)).rejects.toBeInstanceOf(
      JobDeadlineError,
    );
  });
});

describe('linkedSignal', () => {
  it('aborts with the parent through one listener on it, removed on dispose', () => {
    const parent = new AbortController();
    // More links than Node's default of 10 listeners per signal, which would print a leak warning.
    setMaxListeners(13, parent.signal);
    const links = Array.from({ length: 12 }, () => linkedSignal(parent.signal));
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(12);
    // Listeners on a child never reach the parent.
    for (const link of links)
      for (let index = 0; index < 3; index += 1) link.signal.addEventListener('abort', () => {});
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(12);
    links[0]?.dispose();
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(11);
    parent.abort(new Error('deadline'));
    expect(links[0]?.signal.aborted).toBe(false);
    expect(links[1]?.signal.aborted).toBe(true);
    expect(links[1]?.signal.reason).toEqual(new Error('deadline'));
    expect(linkedSignal(parent.signal).signal.aborted).toBe(true);
  });
});
