import type { FunctionInvoker } from './functions/function-host';

/**
 * An EventBridge schedule rule, locally (infra/rate-schedule.ts): invokes a function with a
 * "Scheduled Event" every `intervalMs`. One run at a time: a tick that finds the previous run still under
 * way is skipped (EventBridge would start a second one, which the scheduled functions allow, being
 * idempotent; skipping keeps a busy local machine from piling them up).
 */
export function startSchedule(options: {
  /** The function the rule targets, by id (`BatchFeeder`). */
  readonly functionId: string;
  readonly intervalMs: number;
  readonly functions: FunctionInvoker;
  readonly log: (line: string) => void;
}): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    const event = {
      version: '0',
      id: crypto.randomUUID(),
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'us-east-1',
      resources: [],
      detail: {},
    };
    running = options.functions
      .invoke(options.functionId, event)
      .then(
        () => undefined,
        (error: unknown) =>
          options.log(
            `Scheduled ${options.functionId} failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
