/** The messages between the function host (main thread) and a function's thread. */

export interface ThreadData {
  readonly functionId: string;
  /** Handler module, relative to the repository root (the route table's entry). */
  readonly entry: string;
  readonly entryPath: string;
  readonly memoryMb: number;
}

export interface Invocation {
  readonly id: number;
  readonly requestId: string;
  /** The event; undefined only loads the handler (warm-up). */
  readonly event: unknown;
  /**
   * The function's timeout. Its clock starts when the handler runs, once the thread has loaded the
   * handler: as in Lambda, where the init phase (a cold start) does not count against the timeout.
   */
  readonly timeoutMs: number;
}

export type InvocationReply =
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | {
      readonly id: number;
      readonly ok: false;
      readonly error: { readonly name: string; readonly message: string; readonly stack: string };
    };
