import { createJobHandler } from '#functions/generation/create-job-handler';
import { clientContentJob } from '#shared/tools/client-content';

/** POST /api/generate-content: the public API's name for client content (001 §7). */
export const handler = createJobHandler(clientContentJob);
