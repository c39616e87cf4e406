import { ProviderError, type TextStreamEvent } from './ports';
import { type ErrorContext, timeoutError } from './provider-errors';
import { backoffDelay, DEFAULT_RETRY_POLICY, type RetryPolicy, realSleep, type Sleep } from './retry-policy';

/**
 * Timeouts and retries around one provider call, the same for every adapter. A call is retried on 429,
 * 5xx and network failures, after the provider's retry-after or a jittered backoff, within a bounded
 * number of attempts and a bounded total wait. A stream is retried only until its first event: once the
 * user has seen text, a retry would show it twice. Timeouts are not retried here (another full wait in
 * the same invocation is rarely worth it); the job queue may redeliver instead.
 */

export interface RetryNotice {
  readonly attempt: number;
  readonly delayMs: number;
  readonly error: ProviderError;
}

export interface CallSettings {
  readonly retry: RetryPolicy;
  /**
   * For one request: the longest wait for the reply to start, and for a stream also the longest silence
   * between two events, so a long but steady generation is never cut while a stalled one is.
   */
  readonly timeoutMs: number;
  readonly sleep: Sleep;
  readonly random: () => number;
  readonly onRetry?: (notice: RetryNotice) => void;
}

export type CallSettingsInput = Partial<CallSettings>;

export const DEFAULT_TIMEOUTS_MS = { text: 120_000, image: 180_000, speech: 120_000 } as const;

export function callSettings(input: CallSettingsInput | undefined, defaultTimeoutMs: number): CallSettings {
  return {
    retry: input?.retry ?? DEFAULT_RETRY_POLICY,
    timeoutMs: input?.timeoutMs ?? defaultTimeoutMs,
    sleep: input?.sleep ?? realSleep,
    random: input?.random ?? Math.random,
    ...(input?.onRetry ? { onRetry: input.onRetry } : {}),
  };
}

export type ErrorMapper = (error: unknown) => ProviderError;

/** Rejection used when an attempt's deadline passes or the caller aborts; classified afterwards. */
class AttemptInterrupted extends Error {}

/** One attempt: its own abort controller (linked to the caller's signal) and its deadline. */
class Attempt {
  readonly controller = new AbortController();
  timedOut = false;
  private readonly unlink: () => void;

  constructor(private readonly callerSignal: AbortSignal | undefined) {
    const forward = () => this.controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) forward();
    callerSignal?.addEventListener('abort', forward, { once: true });
    this.unlink = () => callerSignal?.removeEventListener('abort', forward);
  }

  /** Settles with `promise`, unless the deadline passes or the caller aborts first. */
  within<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
    const { signal } = this.controller;
    return new Promise<T>((resolve, reject) => {
      const interrupt = () => reject(new AttemptInterrupted('interrupted'));
      const timer = setTimeout(() => {
        this.timedOut = true;
        this.controller.abort(new AttemptInterrupted('timed out'));
      }, timeoutMs);
      const settle = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', interrupt);
      };
      if (signal.aborted) interrupt();
      else signal.addEventListener('abort', interrupt, { once: true });
      promise.then(
        (value) => {
          settle();
          resolve(value);
        },
        (error: unknown) => {
          settle();
          reject(error);
        },
      );
    });
  }

  /** The ProviderError this attempt failed with; the caller's own abort is rethrown as it is. */
  failure(error: unknown, context: ErrorContext, timeoutMs: number, mapError: ErrorMapper): ProviderError {
    if (this.callerSignal?.aborted) throw this.callerSignal.reason ?? error;
    if (this.timedOut) return timeoutError(context, timeoutMs, error);
    return error instanceof ProviderError ? error : mapError(error);
  }

  dispose(): void {
    this.unlink();
    // Frees the connection of an attempt that was abandoned (timeout, early break by the consumer).
    if (!this.controller.signal.aborted) this.controller.abort(new AttemptInterrupted('finished'));
  }
}

const RETRIED_KINDS = new Set(['rate_limited', 'server', 'network']);

/** The wait before the next attempt, or undefined when this failure ends the call. */
function nextDelay(
  settings: CallSettings,
  attempt: number,
  failure: ProviderError,
  waitedMs: number,
): number | undefined {
  if (!RETRIED_KINDS.has(failure.kind) || !failure.retryable || attempt >= settings.retry.maxAttempts) {
    return undefined;
  }
  const delayMs = backoffDelay(settings.retry, attempt, failure.retryAfterMs, settings.random);
  return waitedMs + delayMs > settings.retry.maxTotalWaitMs ? undefined : delayMs;
}

export async function callWithRetries<T>(
  context: ErrorContext,
  settings: CallSettings,
  mapError: ErrorMapper,
  call: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  let waitedMs = 0;
  for (let attemptNumber = 1; ; attemptNumber += 1) {
    const attempt = new Attempt(signal);
    let failure: ProviderError;
    try {
      return await attempt.within(
        Promise.resolve().then(() => call(attempt.controller.signal)),
        settings.timeoutMs,
      );
    } catch (error) {
      failure = attempt.failure(error, context, settings.timeoutMs, mapError);
    } finally {
      attempt.dispose();
    }
    const delayMs = nextDelay(settings, attemptNumber, failure, waitedMs);
    if (delayMs === undefined) throw failure;
    settings.onRetry?.({ attempt: attemptNumber, delayMs, error: failure });
    waitedMs += delayMs;
    await settings.sleep(delayMs, signal);
  }
}

export async function* streamWithRetries(
  context: ErrorContext,
  settings: CallSettings,
  mapError: ErrorMapper,
  open: (signal: AbortSignal) => AsyncIterable<TextStreamEvent>,
  signal?: AbortSignal,
): AsyncGenerator<TextStreamEvent, void, undefined> {
  let waitedMs = 0;
  for (let attemptNumber = 1; ; attemptNumber += 1) {
    const attempt = new Attempt(signal);
    let delivered = false;
    let failure: ProviderError;
    let iterator: AsyncIterator<TextStreamEvent> | undefined;
    try {
      const source = open(attempt.controller.signal)[Symbol.asyncIterator]();
      iterator = source;
      for (;;) {
        const step = await attempt.within(
          Promise.resolve().then(() => source.next()),
          settings.timeoutMs,
        );
        if (step.done) break;
        delivered = true;
        yield step.value;
      }
      // SDK streams end quietly when their request is aborted, so a stalled stream can look finished.
      if (attempt.timedOut || signal?.aborted) throw new AttemptInterrupted('interrupted');
      iterator = undefined;
      return;
    } catch (error) {
      failure = attempt.failure(error, context, settings.timeoutMs, mapError);
    } finally {
      attempt.dispose();
      iterator?.return?.().catch(() => undefined);
    }
    const delayMs = delivered ? undefined : nextDelay(settings, attemptNumber, failure, waitedMs);
    if (delayMs === undefined) throw failure;
    settings.onRetry?.({ attempt: attemptNumber, delayMs, error: failure });
    waitedMs += delayMs;
    await settings.sleep(delayMs, signal);
  }
}
