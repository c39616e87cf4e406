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
  | { type: 'stopped' };

const workerUrl = new URL('./dynamodb-worker.mjs', import.meta.url);

/**
 * dynalite, persisted to a LevelDB directory, on its own worker thread (dynamodb-worker.mjs): its query
 * validation, LevelDB reads and JSON no longer take turns with the gateway and the handlers on the main
 * event loop (issue 15; bench/api-throughput-bench.ts). Resolves once it accepts connections, rejects
 * with the listen error (EADDRINUSE keeps its code). stop() closes the server and the database, which
 * releases LevelDB's lock for the next start, then ends the thread.
 */
export async function startDynamoDb(options: { dataDir: string; port: number }): Promise<RunningDynamoDb> {
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

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'stopped') void worker.terminate();
      });
      worker.postMessage('stop');
    });
    return stopping;
  };
  return { endpoint: `http://127.0.0.1:${listening.port}`, osThreadId: listening.osThreadId, stop };
}
