import { DEFAULT_IMAGE_MODEL_ID, findImageModel } from '#shared/models';
import { estimateImageJob } from '#shared/usage-estimate';

/** One image at the default model's nearest size (sized-image-tool.ts), priced at its dearest quality. */
export const estimateSizedImage = (): number =>
  estimateImageJob(DEFAULT_IMAGE_MODEL_ID, [{ count: 1, size: 'auto', quality: 'auto' }]);

/** The default image model's provider: whose key would draw (and bill) the image. */
export const sizedImageBilledBy = () => findImageModel(DEFAULT_IMAGE_MODEL_ID)?.provider ?? null;
