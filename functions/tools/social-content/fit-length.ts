import { platformLength, SOCIAL_PLATFORMS, type SocialPlatformId } from '#shared/platforms';

/**
 * Length arithmetic for social posts, measured the way each platform counts (X: URLs are 23): the
 * parser holds any text, the model's too, to the platform's maximum.
 */

/**
 * The post held to the platform's maximum: whole trailing sentences (then words) are dropped until it
 * fits, so a model that overshoots still gives a post the platform accepts.
 */
export function fitToMaximum(platform: SocialPlatformId, text: string): string {
  const max = SOCIAL_PLATFORMS[platform].maxLength;
  let current = text.trim();
  if (platformLength(platform, current) <= max) return current;
  const sentences = current.match(/[^.!?\n]+[.!?]*\s*/gu) ?? [current];
  while (sentences.length > 1 && platformLength(platform, sentences.join('').trim()) > max) sentences.pop();
  current = sentences.join('').trim();
  while (platformLength(platform, current) > max) {
    const cut = current.lastIndexOf(' ');
    current = cut > 0 ? current.slice(0, cut) : Array.from(current).slice(0, max).join('');
  }
  return current;
}
