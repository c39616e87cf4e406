import { createJobHandler } from '#functions/generation/create-job-handler';
import { pressReleaseJob } from '#shared/tools/press-release';

export const handler = createJobHandler(pressReleaseJob);
