import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { WORKER_BATCH_SIZE, WORKER_MAX_CONCURRENCY } from '#contract/worker-concurrency';
import type { FunctionInvoker } from './functions/function-host';

/**
 * What Lambda's SQS event source mapping does: long-polls the queue, calls the worker with a real
 * `SQSEvent`, deletes the messages that succeeded and leaves the reported batch item failures (or all,
 * if the worker throws) to come back after the visibility timeout, and so to the DLQ after
 * maxReceiveCount. Like the event source mapping, which polls with the function's execution role, the
 * poller signs with the consuming function's credentials (`sqs`), so its role must allow the receive,
 * delete and visibility calls as in AWS. Batch size and maximum concurrency are the CDK event source's
 * (contract/worker-concurrency.ts): up to ten jobs run at once, so one slow job does not hold up the rest.
 */

/** SQS hands out at most ten messages per ReceiveMessage. */
const SQS_MAX_RECEIVE = 10;

/** A received message as the event source mapping hands it to the function. */
export function sqsRecord(message: Message, queueArn: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: 'us-east-1',
  };
}

export function startSqsPoller(options: {
  sqs: SQSClient;
  queueUrl: string;
  queueArn: string;
  log: (line: string) => void;
  /** Overrides the function's own timeout (a test of the deadline shortens the text worker's). */
  workerTimeoutSeconds?: number;
  /** The function the queue feeds, by id (`Worker`, `MediaWorker`, `DeadLetters`). */
  functionId: string;
  functions: FunctionInvoker;
  /** Most invocations at once; the stack's event source mapping's by default. */
  concurrency?: number;
}): { stop(): Promise<void> } {
  let running = true;
  const abort = new AbortController();
  const concurrency = Math.max(1, options.concurrency ?? WORKER_MAX_CONCURRENCY);
  const inFlight = new Set<Promise<void>>();

  /**
   * AWS sets the queue's visibility timeout to six times the worker's timeout, so a message never comes
   * back while its invocation may still run. Locally the timeout is short (failed jobs come back
   * quickly), so the poller keeps a running invocation's messages invisible instead: with several
   * invocations at once, a redelivery would otherwise run the same job twice in parallel.
   */
  const visibility = options.sqs
    .send(
      new GetQueueAttributesCommand({ QueueUrl: options.queueUrl, AttributeNames: ['VisibilityTimeout'] }),
    )
    .then((reply) => Number(reply.Attributes?.VisibilityTimeout) || 30)
    .catch(() => 30);

  const keepInvisible = async (messages: Message[]) => {
    const seconds = await visibility;
    const timer = setInterval(
      () =>
        void options.sqs
          .send(
            new ChangeMessageVisibilityBatchCommand({
              QueueUrl: options.queueUrl,
              Entries: messages.map((message, index) => ({
                Id: String(index),
                ReceiptHandle: message.ReceiptHandle,
                VisibilityTimeout: seconds,
              })),
            }),
          )
          .catch((error: unknown) => options.log(`SQS visibility extension failed: ${String(error)}`)),
      // A third of the timeout: two chances before it runs out, even on a busy machine.
      Math.max(250, (seconds * 1000) / 3),
    );
    return () => clearInterval(timer);
  };

  /** One Lambda invocation with one batch, then the deletes SQS's event source mapping would do. */
  const invoke = async (messages: Message[]) => {
    const event: SQSEvent = { Records: messages.map((message) => sqsRecord(message, options.queueArn)) };
    let failed = new Set<string>(messages.map((message) => message.MessageId ?? ''));
    const release = await keepInvisible(messages);
    try {
      const result = await options.functions.invoke<SQSBatchResponse | undefined>(
        options.functionId,
        event,
        options.workerTimeoutSeconds === undefined ? {} : { timeoutSeconds: options.workerTimeoutSeconds },
      );
      failed = new Set((result?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      options.log(
        `Worker threw, the message will be retried: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      release();
    }
    const done = messages.filter((message) => !failed.has(message.MessageId ?? ''));
    if (done.length > 0 && running) {
      await options.sqs
        .send(
          new DeleteMessageBatchCommand({
            QueueUrl: options.queueUrl,
            Entries: done.map((message, index) => ({
              Id: String(index),
              ReceiptHandle: message.ReceiptHandle,
            })),
          }),
        )
        .catch((error: unknown) => options.log(`SQS delete failed: ${String(error)}`));
    }
  };

  const start = (batch: Message[]) => {
    const invocation = invoke(batch).finally(() => inFlight.delete(invocation));
    inFlight.add(invocation);
  };

  const loop = async () => {
    while (running) {
      // Like the event source mapping: no more messages are taken while every invocation is busy.
      if (inFlight.size >= concurrency) {
        await Promise.race(inFlight);
        continue;
      }
      const free = concurrency - inFlight.size;
      let messages: Message[] = [];
      try {
        const reply = await options.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: options.queueUrl,
            MaxNumberOfMessages: Math.min(SQS_MAX_RECEIVE, free * WORKER_BATCH_SIZE),
            // Long polls, as the event source mapping makes: fauxqs answers one as soon as a message is
            // sent or becomes visible (it checks every 20 ms while a poll waits), so a job is not picked
            // up later; and an idle runtime makes one poll per queue every 20 s, not every second.
            WaitTimeSeconds: 20,
            MessageSystemAttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        messages = reply.Messages ?? [];
      } catch (error) {
        if (!running) return;
        options.log(`SQS poll failed: ${error instanceof Error ? error.message : String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      for (let index = 0; index < messages.length; index += WORKER_BATCH_SIZE) {
        start(messages.slice(index, index + WORKER_BATCH_SIZE));
      }
    }
  };

  const finished = loop();
  return {
    stop: async () => {
      running = false;
      abort.abort();
      await finished.catch(() => undefined);
      await Promise.allSettled([...inFlight]);
    },
  };
}
