import { createJobHandler } from '#functions/generation/create-job-handler';
import { clientContentJobRequest } from './request';

export const handler = createJobHandler(clientContentJobRequest);
