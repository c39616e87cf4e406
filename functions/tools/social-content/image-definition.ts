import { sizedImageTool } from '#functions/tools/resize-image/sized-image-tool';
import {
  SOCIAL_ACTIVITY,
  type SocialImageRequest,
  socialImageRequestSchema,
} from '#shared/tools/social-content';

/** The social image (media worker): one image at a platform size, result {imageUrl, width, height}. */
export const socialImageTool = sizedImageTool<SocialImageRequest>({
  name: 'social-image',
  requestSchema: socialImageRequestSchema,
  activity: { action: SOCIAL_ACTIVITY.imageAction, resourceType: SOCIAL_ACTIVITY.resourceType },
});
