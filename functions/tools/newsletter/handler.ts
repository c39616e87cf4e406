import { createJobHandler } from '#functions/generation/create-job-handler';
import { withPreferWait } from '#functions/public-api/prefer-wait';
import { newsletterJob } from '#shared/tools/newsletter';

/** Part of the public API (001 §7), so it honours `Prefer: wait=N`. */
export const handler = withPreferWait(createJobHandler(newsletterJob));
