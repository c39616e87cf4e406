import { SQSClient } from '@aws-sdk/client-sqs';
import { memo } from './client-endpoint';

/**
 * The jobs queues' client (it checks the MD5 digest SQS returns for each message body it sent). Calls
 * go to the SDK's endpoint, the regional one, which serves every queue of the region, rather than to
 * each queue URL's host: in AWS they are the same; the local emulator names its queues under
 * `sqs.<region>.localhost`, a host that does not resolve.
 */
export const sqsClient = memo('SQS', () => new SQSClient({ useQueueUrlAsEndpoint: false }));
