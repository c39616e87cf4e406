import { createJobHandler } from '#functions/generation/create-job-handler';
import { pressReleaseJobRequest } from './request';

export const handler = createJobHandler(pressReleaseJobRequest);
