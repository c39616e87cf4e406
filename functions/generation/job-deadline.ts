import type { Context } from 'aws-lambda';

/**
 * The point at which a job gives up on its provider: the invocation's remaining time minus a margin
 * for recording the outcome (DynamoDB, the WebSocket push, the retry backoff). Without it a slow
 * provider outruns the Lambda timeout, neither the failure nor the retry path runs, and the job stays
 * 'running' while its message heads for the DLQ.
 */

/** Margin: a tenth of the remaining time, at least 2 s (short local test timeouts), at most 15 s. */
export function deadlineMarginMs(remainingMs: number): number {
  return Math.min(15_000, Math.max(2_000, Math.round(remainingMs / 10)));
}

/** The job ran out of time; retried like a provider timeout, and its message says so. */
export class JobDeadlineError extends Error {
  constructor(readonly limitSeconds: number) {
    super(
      `The AI provider did not finish within the worker's time limit of ${limitSeconds} s. Try again, ask for a shorter piece, or choose another model.`,
    );
    this.name = 'JobDeadlineError';
  }
}

export interface JobDeadline {
  /** Aborts with a JobDeadlineError when the deadline passes. */
  readonly signal: AbortSignal;
  dispose(): void;
}

export function jobDeadline(context: Pick<Context, 'getRemainingTimeInMillis'>): JobDeadline {
  const remainingMs = context.getRemainingTimeInMillis();
  const controller = new AbortController();
  // Lambda timeouts are whole seconds; at the handler's start the remaining time is just under one.
  const error = new JobDeadlineError(Math.ceil(remainingMs / 1000));
  const timer = setTimeout(
    () => controller.abort(error),
    Math.max(0, remainingMs - deadlineMarginMs(remainingMs)),
  );
  return { signal: controller.signal, dispose: () => clearTimeout(timer) };
}

/**
 * Iterates `source` until it ends or `signal` aborts, whichever is first: a provider that ignores the
 * signal (or a stream stalled between two events) cannot hold the job past its deadline.
 */
export async function* untilAborted<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  // Nobody may await `aborted` when the source ends first; a rejection must not go unhandled.
  aborted.catch(() => undefined);
  try {
    for (;;) {
      const step = await Promise.race([iterator.next(), aborted]);
      if (step.done) return;
      yield step.value;
    }
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
    void iterator.return?.()?.catch(() => undefined);
  }
}

/**
 * Settles like `work`, or rejects with the signal's reason when it aborts first: for work that takes
 * the signal but may not stop at once (a media tool between two steps), so the job still ends in time.
 * The work's own late outcome is then ignored.
 */
export function settledBefore<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * A signal of its own that aborts when `parent` does, through one listener on the parent, removed by
 * `dispose`. Work that runs beside other work under one deadline (the multi-platform run's children)
 * adds its listeners here: seven children with two or three each on the run's signal passed Node's
 * limit of ten and printed MaxListenersExceededWarning.
 */
export function linkedSignal(parent: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const forward = () => controller.abort(parent.reason);
  if (parent.aborted) forward();
  else parent.addEventListener('abort', forward, { once: true });
  return { signal: controller.signal, dispose: () => parent.removeEventListener('abort', forward) };
}
