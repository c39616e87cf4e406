import { Worker } from 'node:worker_threads';

export interface RunningEmulator {
  readonly endpoint: string;
  stop(): Promise<void>;
}

export interface RunningDynamoDb extends RunningEmulator {
  /** The worker's thread id in /proc/self/task (Linux), else null: benches split CPU time by thread. */
  readonly osThreadId: number | null;
}

type WorkerMessage =
  | { type: 'listening'; port: number; osThreadId: number | null }
  | { type: 'error'; code?: string; message: string }
  | { type: 'fault'; message: string }
  | { type: 'stopped' };

const workerUrl = new URL('./dynamodb-worker.mjs', import.meta.url);

/**
 * dynalite, persisted to a LevelDB directory, on its own worker thread (dynamodb-worker.mjs): its query
 * validation, LevelDB reads and JSON no longer take turns with the gateway and the handlers on the main
 * event loop (docs/decisions.md, "The local API keeps up": bench/api-throughput-bench.ts). Resolves once it
 * accepts connections, rejects with the listen error (EADDRINUSE keeps its code). stop() lets requests under
 * way finish, closes the server and the database, which releases LevelDB's lock for the next start, then ends
 * the thread. Errors inside the emulator are logged, never thrown at the caller's process.
 */
export async function startDynamoDb(options: {
  dataDir: string;
  port: number;
  /** Where a request's failure inside the emulator, or the emulator's own end, is told. */
  log?: (line: string) => void;
}): Promise<RunningDynamoDb> {
  const log = options.log ?? ((line: string) => console.error(line));
  const worker = new Worker(workerUrl, { workerData: { path: options.dataDir, port: options.port } });
  const listening = await new Promise<{ port: number; osThreadId: number | null }>((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`dynalite's worker exited (${code}) before listening`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    const onMessage = (message: WorkerMessage) => {
      if (message.type === 'listening') {
        worker.off('exit', onExit);
        worker.off('error', reject);
        worker.off('message', onMessage);
        resolve({ port: message.port, osThreadId: message.osThreadId });
      } else if (message.type === 'error') {
        reject(Object.assign(new Error(message.message), { code: message.code }));
      }
    };
    worker.on('message', onMessage);
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });

  // For the worker's whole life: an error event without a listener is thrown on the main thread.
  let exited = false;
  let stopping: Promise<void> | undefined;
  worker.on('error', (error) => log(`The DynamoDB emulator failed: ${error.message}`));
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'fault') log(`A DynamoDB emulator request failed: ${message.message}`);
    if (message.type === 'stopped') void worker.terminate();
  });
  const ended = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      exited = true;
      if (!stopping) log(`The DynamoDB emulator ended (exit code ${code}); restart the app.`);
      resolve();
    }),
  );
  const stop = () => {
    if (!stopping && !exited) worker.postMessage('stop');
    stopping ??= ended;
    return stopping;
  };
  return { endpoint: `http://127.0.0.1:${listening.port}`, osThreadId: listening.osThreadId, stop };
}
