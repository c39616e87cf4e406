import { sizedImageTool } from '#functions/tools/resize-image/sized-image-tool';
import { GBP_ACTIVITY, type GbpImageRequest, gbpImageRequestSchema } from '#shared/tools/gbp-post';

/** The GBP image (media worker): one image at one of the three GBP sizes, result {imageUrl}. */
export const gbpImageTool = sizedImageTool<GbpImageRequest>({
  name: 'gbp-image',
  requestSchema: gbpImageRequestSchema,
  activity: { action: GBP_ACTIVITY.imageAction, resourceType: GBP_ACTIVITY.resourceType },
});
