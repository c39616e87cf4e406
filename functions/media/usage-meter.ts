import { logger } from '#functions/commons/logger';
import { type AttemptUsage, type StoredJob, saveAttemptUsage } from '#functions/generation/job-store';
import { ProviderError, type ProviderErrorKind } from '#functions/providers/ports';
import { recordsEstimate, saveUsageEstimate } from '#functions/usage/attempt-estimate';
import { addUsage, NO_USAGE, type UsageMeasure } from '#shared/prices';

/** What a media job consumed, priced by the model id of the spec's lists (shared/prices.ts). */
export interface MediaUsage {
  readonly modelId: string;
  readonly measure: UsageMeasure;
  /** Paid with the user's own provider key from the request: it costs the agency nothing. */
  readonly ownKey?: boolean;
  /** A call was cut off after the provider may have billed it: its part is the call's estimate. */
  readonly estimated?: boolean;
}

/**
 * What a media job's provider calls consume, call by call. A media call (an image, a segment of speech)
 * streams nothing and reports its figure only when it returns, so before each billable call the
 * attempt's usage is saved as what the calls so far consumed plus the tool's own measure of this one
 * (its images at their size and quality, its characters of speech), marked as an estimate: a worker
 * that dies during the call, or before the job records its usage, leaves that instead of 0, as the text
 * worker's estimate does (functions/usage/attempt-estimate.ts; docs/decisions.md, "Usage: a crashed
 * attempt is estimated"). The calls run one after the other.
 */

/** Who bills a media job's calls, and by which model of the price table. */
export interface MediaBilling {
  readonly provider: string;
  readonly modelId: string;
  readonly ownKey: boolean;
}

/**
 * Failures the provider answered with: it refused the call, so it billed nothing. Any other failure (a
 * timeout, a dropped connection, a reply we could not read, the worker's deadline) may come after the
 * provider did the work, so the call's estimate stays.
 */
const NOT_BILLED: ReadonlySet<ProviderErrorKind> = new Set<ProviderErrorKind>([
  'auth',
  'unknown_model',
  'refused',
  'rate_limited',
  'server',
  'invalid_request',
  'not_configured',
]);

function billedNothing(error: unknown): boolean {
  return error instanceof ProviderError && NOT_BILLED.has(error.kind);
}

export class UsageMeter {
  /** What the calls that returned consumed, as measured. */
  private measured: UsageMeasure = NO_USAGE;
  /** The estimates of calls that failed after the provider may have done the work. */
  private probable: UsageMeasure = NO_USAGE;
  private cutOff = false;

  constructor(
    private readonly job: StoredJob,
    private readonly billing: MediaBilling,
  ) {}

  /**
   * Runs one provider call: `estimate` is what it should consume, `measure` what it did, from its
   * result. An offline call is only measured (it costs nothing: no estimate is saved).
   */
  async call<T>(
    estimate: UsageMeasure,
    run: () => Promise<T>,
    measure: (value: T) => UsageMeasure,
  ): Promise<T> {
    await saveUsageEstimate(this.job, this.attemptUsage(addUsage(this.total(), estimate)));
    let value: T;
    try {
      value = await run();
    } catch (error) {
      if (billedNothing(error)) {
        await this.withdrawEstimate();
      } else {
        this.probable = addUsage(this.probable, estimate);
        this.cutOff = true;
      }
      throw error;
    }
    this.measured = addUsage(this.measured, measure(value));
    return value;
  }

  /** The attempt's usage: what was measured, plus the estimates of calls cut off (marked estimated). */
  usage(): MediaUsage {
    return {
      modelId: this.billing.modelId,
      measure: this.total(),
      ownKey: this.billing.ownKey,
      ...(this.cutOff ? { estimated: true } : {}),
    };
  }

  private total(): UsageMeasure {
    return addUsage(this.measured, this.probable);
  }

  private attemptUsage(measure: UsageMeasure): Omit<AttemptUsage, 'estimated'> {
    return {
      provider: this.billing.provider,
      modelId: this.billing.modelId,
      measure,
      ownKey: this.billing.ownKey,
    };
  }

  /**
   * A refused call billed nothing: the attempt goes back to what the calls before it consumed (still an
   * estimate if one of them was cut off). A failed save is logged; the call's failure goes on up.
   */
  private async withdrawEstimate(): Promise<void> {
    if (!recordsEstimate(this.billing.provider)) return;
    if (this.cutOff) {
      await saveUsageEstimate(this.job, this.attemptUsage(this.total()));
      return;
    }
    await saveAttemptUsage(this.job, this.attemptUsage(this.total())).catch((error: unknown) =>
      logger.warn('Could not withdraw the usage estimate', { jobId: this.job.id, error }),
    );
  }
}
