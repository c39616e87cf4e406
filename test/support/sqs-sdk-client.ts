import { SQSClient } from '@aws-sdk/client-sqs';
import { endpoint, memo } from '#functions/commons/clients/client-endpoint';

/**
 * The SDK's SQS client at the test runtime's queue emulator, for tests that look into a queue (create
 * a probe queue, receive its messages, count what is left): operations no handler calls, so the
 * handlers' own module (functions/commons/clients/sqs.ts) has none of them.
 */
export const sqsSdkClient = memo('SQS', () => new SQSClient({ endpoint: endpoint('SQS') }));
