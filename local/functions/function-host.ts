import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { bundledPath, FUNCTION_RUNNER_ENTRY } from './function-bundles';
import { entryOf } from './function-catalog';
import type { Invocation, InvocationReply, ThreadData } from './function-messages';

/**
 * The local "invoke function" service: every invocation (gateway routes and authorizers, WebSocket
 * routes, queue pollers, Cognito triggers, the trash migration) goes through it. Each function runs in a
 * worker thread of its own, started on its first invocation and kept for the runtime's life, like a warm
 * Lambda container: its own module instances (SDK clients, caches) and its own environment, the one the
 * synthesized stack gives it, with credentials of its own (local/iam/). A thread also keeps a function's
 * CPU-bound work (the media worker's speech and images) off the thread that serves HTTP and WebSockets.
 *
 * Unlike a Lambda container, a thread takes several invocations at once (as the one process did before);
 * a thread that dies fails the invocations under way and is started again on the next one.
 */

export interface FunctionInvoker {
  invoke<Result>(functionId: string, event: unknown, options?: { timeoutSeconds?: number }): Promise<Result>;
}

/** Where a function's console output goes: its thread's stdout and stderr, as written. */
export type FunctionOutput = (stream: 'stdout' | 'stderr', text: string) => void;

/** The terminal's streams: what `npm start` shows, as a Lambda's log stream would hold it. */
export const printFunctionOutput: FunctionOutput = (stream, text) => {
  (stream === 'stdout' ? process.stdout : process.stderr).write(text);
};

export interface FunctionSettings {
  readonly environment: Readonly<Record<string, string>>;
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

class FunctionThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly underWay = new Set<Promise<unknown>>();
  private nextId = 1;
  dead = false;

  constructor(
    readonly functionId: string,
    bundleDir: string,
    settings: FunctionSettings,
    output: FunctionOutput,
    private readonly onDeath: (thread: FunctionThread, reason: string) => void,
  ) {
    const entry = entryOf(functionId);
    const data: ThreadData = {
      functionId,
      entry,
      entryPath: bundledPath(bundleDir, entry),
      memoryMb: settings.memoryMb,
    };
    this.worker = new Worker(bundledPath(bundleDir, FUNCTION_RUNNER_ENTRY), {
      workerData: data,
      env: { ...settings.environment },
      execArgv: [],
      name: functionId,
      stdout: true,
      stderr: true,
    });
    this.worker.stdout.setEncoding('utf8').on('data', (text: string) => output('stdout', text));
    this.worker.stderr.setEncoding('utf8').on('data', (text: string) => output('stderr', text));
    this.worker.on('message', (reply: InvocationReply) => this.settle(reply));
    this.worker.on('error', (error) => this.die(error.stack ?? error.message));
    this.worker.on('exit', (code) => this.die(`its thread exited with code ${code}`));
  }

  private settle(reply: InvocationReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (reply.ok) {
      pending.resolve(reply.result);
      return;
    }
    const error = new Error(reply.error.message);
    error.name = reply.error.name;
    error.stack = reply.error.stack;
    pending.reject(error);
  }

  private die(reason: string): void {
    if (this.dead) return;
    this.dead = true;
    for (const pending of this.pending.values()) {
      pending.reject(new Error(`Function ${this.functionId} failed: ${reason}`));
    }
    this.pending.clear();
    this.onDeath(this, reason);
  }

  invoke(event: unknown, timeoutSeconds: number): Promise<unknown> {
    const id = this.nextId;
    this.nextId += 1;
    const invocation: Invocation = {
      id,
      requestId: randomUUID(),
      event,
      timeoutMs: timeoutSeconds * 1000,
    };
    const settled = new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(invocation);
    });
    const tracked = settled.catch(() => undefined).finally(() => this.underWay.delete(tracked));
    this.underWay.add(tracked);
    return settled;
  }

  /** Stops the thread once the invocations under way have finished (a replaced execution environment). */
  async retire(): Promise<void> {
    await Promise.allSettled([...this.underWay]);
    await this.stop();
  }

  async stop(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }

  threadId(): number {
    return this.worker.threadId;
  }
}

export class FunctionHost implements FunctionInvoker {
  private readonly threads = new Map<string, FunctionThread>();
  /** Environment variables changed while the runtime runs (updateEnvironment), by function. */
  private readonly environmentChanges = new Map<string, Readonly<Record<string, string>>>();
  private stopped = false;

  constructor(
    /** The functions' bundles (function-bundles.ts): what each thread loads. */
    private readonly bundleDir: string,
    private readonly settingsOf: (functionId: string) => FunctionSettings,
    private readonly log: (line: string) => void,
    private readonly output: FunctionOutput = printFunctionOutput,
  ) {}

  private thread(functionId: string): FunctionThread {
    if (this.stopped) throw new Error('The local runtime is stopping');
    let thread = this.threads.get(functionId);
    if (!thread || thread.dead) {
      const settings = this.settingsOf(functionId);
      const changes = this.environmentChanges.get(functionId);
      const environment = changes ? { ...settings.environment, ...changes } : settings.environment;
      thread = new FunctionThread(
        functionId,
        this.bundleDir,
        { ...settings, environment },
        this.output,
        (dead, reason) => {
          if (this.threads.get(functionId) === dead) this.threads.delete(functionId);
          if (!this.stopped)
            this.log(`Function ${functionId} stopped (${reason}); it starts again when next invoked.`);
        },
      );
      this.threads.set(functionId, thread);
    }
    return thread;
  }

  async invoke<Result>(
    functionId: string,
    event: unknown,
    options: { timeoutSeconds?: number } = {},
  ): Promise<Result> {
    const thread = this.thread(functionId);
    const timeout = options.timeoutSeconds ?? this.settingsOf(functionId).timeoutSeconds;
    return (await thread.invoke(event, timeout)) as Result;
  }

  /**
   * Changes some of a function's environment variables, as Lambda's UpdateFunctionConfiguration does:
   * the invocations under way finish in the thread they run in, and the next one starts a new thread
   * (a new execution environment) with the new values. A test uses it to play a redeployment.
   */
  async updateEnvironment(functionId: string, variables: Readonly<Record<string, string>>): Promise<void> {
    this.environmentChanges.set(functionId, { ...this.environmentChanges.get(functionId), ...variables });
    const replaced = this.threads.get(functionId);
    this.threads.delete(functionId);
    await replaced?.retire();
  }

  /** Starts the function's thread and loads its handler, without an event (warm-up). */
  async warm(functionId: string): Promise<void> {
    await this.thread(functionId).invoke(undefined, 60);
  }

  /** The functions whose threads are running. */
  running(): string[] {
    return [...this.threads.keys()];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const threads = [...this.threads.values()];
    this.threads.clear();
    await Promise.allSettled(threads.map((thread) => thread.stop()));
  }
}
