import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** A message is tried this many times before it is parked in the dead-letter queue. */
export const JOBS_MAX_RECEIVE_COUNT = 3;

/**
 * AWS's rule for queues feeding Lambda: the visibility timeout is at least six times the function
 * timeout, so a message is not redelivered while a retried invocation may still be working on it.
 */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

export interface JobsQueueProps {
  readonly workerTimeout: Duration;
}

/** Generation jobs, enqueued by the generation endpoints and consumed by the worker. */
export class JobsQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: JobsQueueProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(props.workerTimeout.toSeconds() * VISIBILITY_TIMEOUT_FACTOR),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: JOBS_MAX_RECEIVE_COUNT },
    });
  }
}
