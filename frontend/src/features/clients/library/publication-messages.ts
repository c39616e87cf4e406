import { CHANNEL_ERRORS } from '@/components/channels/messages';

/** The words of an item's posts to the publishing channels, in its Preview dialog. */
export const ITEM_PUBLICATIONS = {
  title: 'Publishing Channels',
  empty: 'Not posted to any channel yet.',
  loading: 'Loading the posts to channels',
  loadFailed: CHANNEL_ERRORS.loadPublications,
  listLabel: 'Posts to channels',
  /** When each status happened or happens, in the agency's time zone. */
  when: {
    scheduled: (time: string) => `Scheduled for ${time}`,
    publishing: (time: string) => `Being sent since ${time}`,
    published: (time: string) => `Published ${time}`,
    failed: (time: string) => `Failed ${time}`,
  },
  timeZone: (zone: string) => `Times in the agency's time zone (${zone})`,
  cancel: 'Cancel',
  cancelled: 'Scheduled post cancelled',
  discard: 'Discard',
  discarded: 'Failed post discarded',
  deleteFrom: (platform: string) => `Delete from ${platform}`,
  deleteConfirm: (platform: string, channel: string) =>
    `Delete this post from ${platform}? It is removed from ${channel} and cannot be restored here.`,
  keep: 'Keep it',
  deleted: (platform: string) => `Post deleted from ${platform}`,
  deleteFailed: 'Failed to delete the post',
  /** An action's name for a screen reader: which channel's post it acts on. */
  actionLabel: (action: string, channel: string) => `${action}: ${channel}`,
} as const;
