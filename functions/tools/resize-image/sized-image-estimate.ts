import { DEFAULT_IMAGE_MODEL_ID } from '#shared/models';
import { estimateImageJob } from '#shared/usage-estimate';

/** One image at the default model's nearest size (sized-image-tool.ts), priced at its dearest quality. */
export const estimateSizedImage = (): number =>
  estimateImageJob(DEFAULT_IMAGE_MODEL_ID, [{ count: 1, size: 'auto', quality: 'auto' }]);
