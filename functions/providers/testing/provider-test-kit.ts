import type { ProviderError, TextStreamEvent } from '../ports';
import type { CallSettingsInput } from '../resilient-call';
import { realSleep, type Sleep } from '../retry-policy';

/** Helpers shared by the adapters' contract tests. */

export interface Collected {
  readonly text: string;
  readonly chunks: readonly string[];
  readonly usage: { readonly inputTokens: number; readonly outputTokens: number } | undefined;
  /** The reasoning tokens the usage event reported apart, if any. */
  readonly reasoningTokens: number | undefined;
}

export async function collect(stream: AsyncIterable<TextStreamEvent>): Promise<Collected> {
  const chunks: string[] = [];
  let usage: Collected['usage'];
  let reasoningTokens: number | undefined;
  for await (const event of stream) {
    if (event.type === 'text') chunks.push(event.text);
    else {
      usage = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
      reasoningTokens = event.reasoningTokens;
    }
  }
  return { text: chunks.join(''), chunks, usage, reasoningTokens };
}

/** Consumes a stream and returns the error it ends with, plus the text seen before it. */
export async function collectFailure(
  stream: AsyncIterable<TextStreamEvent>,
): Promise<{ readonly error: unknown; readonly chunks: readonly string[] }> {
  const chunks: string[] = [];
  try {
    for await (const event of stream) if (event.type === 'text') chunks.push(event.text);
  } catch (error) {
    return { error, chunks };
  }
  throw new Error(`expected the stream to fail, but it completed with "${chunks.join('')}"`);
}

export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

export const errorFields = (error: unknown) => {
  const { provider, kind, status, message, retryable } = error as ProviderError;
  return { provider, kind, status, message, retryable };
};

export interface RecordedWait {
  readonly ms: number;
  /** How many requests the fake server had received when the wait began. */
  readonly requestsSoFar: number;
}

/**
 * Real sleeping that also records each wait and the server's request count at that moment, so a test
 * can prove the order "request, wait as asked, retry" without measuring wall-clock time.
 */
export function recordingSleep(requests: { readonly length: number }): {
  sleep: Sleep;
  waits: RecordedWait[];
} {
  const waits: RecordedWait[] = [];
  return {
    waits,
    sleep: async (ms, signal) => {
      waits.push({ ms, requestsSoFar: requests.length });
      await realSleep(ms, signal);
    },
  };
}

/** Fast retries and short timeouts, so failure paths run in milliseconds. */
export function fastSettings(overrides: CallSettingsInput = {}): CallSettingsInput {
  return {
    retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxTotalWaitMs: 5_000 },
    timeoutMs: 2_000,
    ...overrides,
  };
}

/** A port where nothing listens: connecting to it is refused. */
export async function closedPortUrl(path = ''): Promise<string> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}${path}`;
}
