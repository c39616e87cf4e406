import { SQSClient } from '@aws-sdk/client-sqs';
import { endpoint, memo, withoutLogFiltering } from './client-endpoint';

export const sqsClient = memo('SQS', () => withoutLogFiltering(new SQSClient({ endpoint: endpoint('SQS') })));
