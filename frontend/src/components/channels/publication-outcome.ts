import { CHANNEL_PLATFORM_INFO, type Publication } from '#shared/channels';
import type { ToastOptions } from '@/lib/toast';

/**
 * What a send (a retry, a publish now) came to, as a toast: sent; put off by a busy platform (the
 * server tries again every minute); or refused, with the platform's message. The calendar and a
 * library item's view say it alike.
 */
export function publicationOutcome(publication: Publication): ToastOptions {
  const platform = CHANNEL_PLATFORM_INFO[publication.platform].name;
  switch (publication.status) {
    case 'published':
      return { title: `Published to ${platform}`, description: publication.channelName, variant: 'success' };
    case 'failed':
      return {
        title: `Failed to publish to ${platform}`,
        description: publication.error ?? publication.channelName,
        variant: 'destructive',
      };
    default:
      return {
        title: `${platform} is busy: the post goes out as soon as it accepts it (tried again every minute).`,
        description: publication.channelName,
      };
  }
}
