import { describe, expect, it } from 'vitest';
import { ProviderError, type TextStreamEvent } from './ports';
import { callSettings, callWithRetries, type RetryNotice, streamWithRetries } from './resilient-call';
import { collect, collectFailure, errorFields, failureOf } from './testing/provider-test-kit';

const context = { provider: 'anthropic', label: 'Anthropic' } as const;
const serverError = () => new ProviderError('anthropic', 'server', 'Anthropic had a server problem.', 500);
const mapError = (error: unknown) =>
  error instanceof ProviderError ? error : new ProviderError('anthropic', 'bad_response', String(error));

function settingsRecording(overrides: Parameters<typeof callSettings>[0] = {}) {
  const waits: number[] = [];
  const notices: RetryNotice[] = [];
  const settings = callSettings(
    {
      retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1000, maxTotalWaitMs: 10_000 },
      timeoutMs: 1000,
      random: () => 0,
      sleep: async (ms) => {
        waits.push(ms);
      },
      onRetry: (notice) => notices.push(notice),
      ...overrides,
    },
    1000,
  );
  return { settings, waits, notices };
}

async function* events(...items: (TextStreamEvent | Error)[]): AsyncGenerator<TextStreamEvent> {
  for (const item of items) {
    if (item instanceof Error) throw item;
    yield item;
  }
}

describe('callWithRetries', () => {
  it('retries a retryable failure with growing backoff and reports each retry', async () => {
    const { settings, waits, notices } = settingsRecording();
    let calls = 0;
    const result = await callWithRetries(context, settings, mapError, async () => {
      calls += 1;
      if (calls < 3) throw serverError();
      return 'done';
    });
    expect(result).toBe('done');
    expect(waits).toEqual([50, 100]);
    expect(notices.map((notice) => [notice.attempt, notice.delayMs, notice.error.kind])).toEqual([
      [1, 50, 'server'],
      [2, 100, 'server'],
    ]);
  });

  it('does not retry what will fail again', async () => {
    const { settings, waits } = settingsRecording();
    let calls = 0;
    const error = await failureOf(
      callWithRetries(context, settings, mapError, async () => {
        calls += 1;
        throw new ProviderError('anthropic', 'auth', 'Anthropic rejected the API key.', 401);
      }),
    );
    expect(errorFields(error)).toMatchObject({ kind: 'auth' });
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it('stops when the total wait would exceed the budget', async () => {
    const { settings, waits } = settingsRecording({
      retry: { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1000, maxTotalWaitMs: 120 },
    });
    let calls = 0;
    await failureOf(
      callWithRetries(context, settings, mapError, async () => {
        calls += 1;
        throw serverError();
      }),
    );
    expect(waits).toEqual([50]);
    expect(calls).toBe(2);
  });

  it('maps a call that outlives its deadline to a timeout, without retrying it', async () => {
    const { settings } = settingsRecording({ timeoutMs: 20 });
    let aborted = false;
    let calls = 0;
    const error = await failureOf(
      callWithRetries(context, settings, mapError, (signal) => {
        calls += 1;
        signal.addEventListener('abort', () => {
          aborted = true;
        });
        return new Promise<never>(() => undefined);
      }),
    );
    expect(errorFields(error)).toMatchObject({ kind: 'timeout', provider: 'anthropic' });
    expect(aborted).toBe(true);
    expect(calls).toBe(1);
  });

  it("rethrows the caller's abort as it is", async () => {
    const { settings } = settingsRecording();
    const controller = new AbortController();
    const reason = new Error('job cancelled');
    const pending = callWithRetries(
      context,
      settings,
      mapError,
      () => new Promise<never>(() => undefined),
      controller.signal,
    );
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});

describe('streamWithRetries', () => {
  it('retries a stream that fails before its first event', async () => {
    const { settings, waits } = settingsRecording();
    let opens = 0;
    const stream = streamWithRetries(context, settings, mapError, () => {
      opens += 1;
      return opens === 1 ? events(serverError()) : events({ type: 'text', text: 'ok' });
    });
    expect((await collect(stream)).text).toBe('ok');
    expect(opens).toBe(2);
    expect(waits).toEqual([50]);
  });

  it('never retries once text has been delivered', async () => {
    const { settings } = settingsRecording();
    let opens = 0;
    const stream = streamWithRetries(context, settings, mapError, () => {
      opens += 1;
      return events({ type: 'text', text: 'partial' }, serverError());
    });
    const { error, chunks } = await collectFailure(stream);
    expect(chunks).toEqual(['partial']);
    expect(errorFields(error)).toMatchObject({ kind: 'server' });
    expect(opens).toBe(1);
  });

  it('frees the attempt when the consumer stops early', async () => {
    const { settings } = settingsRecording();
    let signalSeen: AbortSignal | undefined;
    const stream = streamWithRetries(context, settings, mapError, (signal) => {
      signalSeen = signal;
      return events({ type: 'text', text: 'a' }, { type: 'text', text: 'b' });
    });
    for await (const event of stream) {
      expect(event).toEqual({ type: 'text', text: 'a' });
      break;
    }
    expect(signalSeen?.aborted).toBe(true);
  });
});
