import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MAX_RECEIVE_COUNT, queueVisibilitySeconds } from '#contract/queue-timing';

/** A message is tried this many times before it is parked in the dead-letter queue. */
export const JOBS_MAX_RECEIVE_COUNT = MAX_RECEIVE_COUNT;

export { VISIBILITY_TIMEOUT_FACTOR } from '#contract/queue-timing';

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
      visibilityTimeout: Duration.seconds(queueVisibilitySeconds(props.workerTimeout.toSeconds())),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: JOBS_MAX_RECEIVE_COUNT },
    });
  }
}
