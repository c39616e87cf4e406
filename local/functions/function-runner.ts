import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { Context } from 'aws-lambda';
import type { Invocation, InvocationReply, ThreadData } from './function-messages';

/**
 * Runs inside a function's worker thread: imports the handler once (a warm container), then runs each
 * invocation the host posts, with a Lambda context whose deadline is the function's timeout from the moment the handler starts, and posts
 * back the result or the error. The thread's environment is the function's (function-host.ts), so the
 * handler's SDK clients sign with the function's credentials.
 */

const data = workerData as ThreadData;
const port = parentPort;
if (!port) throw new Error('function-runner.ts runs only in a worker thread');

type Handler = (event: unknown, context: Context) => Promise<unknown>;

const loaded: Promise<Handler> = import(pathToFileURL(data.entryPath).href).then(
  (module: { handler?: unknown }) => {
    if (typeof module.handler !== 'function') throw new Error(`${data.entry} does not export a handler`);
    return module.handler as Handler;
  },
);

function context(invocation: Invocation): Context {
  const deadline = Date.now() + invocation.timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: data.functionId,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${data.functionId}`,
    memoryLimitInMB: String(data.memoryMb),
    awsRequestId: invocation.requestId,
    logGroupName: `/aws/lambda/${data.functionId}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * Resolves once what the thread wrote to stdout and stderr has reached the host: a thread's output
 * travels on a channel of its own, so without this an invocation's log lines could arrive after its
 * result (and after the test that reads them).
 */
async function outputDelivered(): Promise<void> {
  await Promise.all(
    [process.stdout, process.stderr]
      .filter((stream) => stream.writableLength > 0)
      .map((stream) => new Promise((resolve) => stream.write('', resolve))),
  );
}

async function run(invocation: Invocation): Promise<InvocationReply> {
  try {
    // Loading the handler is the init phase of a cold start; the timeout's clock starts after it.
    const handler = await loaded;
    if (invocation.event === undefined) return { id: invocation.id, ok: true, result: undefined };
    const result = await handler(invocation.event, context(invocation));
    return { id: invocation.id, ok: true, result };
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    return {
      id: invocation.id,
      ok: false,
      error: { name: failure.name, message: failure.message, stack: failure.stack ?? '' },
    };
  }
}

port.on('message', (invocation: Invocation) => {
  void run(invocation).then(async (reply) => {
    await outputDelivered();
    port.postMessage(reply);
  });
});
