import { createJobHandler } from '#functions/generation/create-job-handler';
import { clientContentJob } from '#shared/tools/client-content';

export const handler = createJobHandler(clientContentJob);
