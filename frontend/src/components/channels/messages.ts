import { CHANNEL_PLATFORM_INFO, type ChannelPlatform } from '#shared/channels';

/**
 * The words of the Channels dialog, the account picker and the publish dialog, in one place. What the
 * server also says (statuses, the platforms' names, its refusals) comes from shared/channels.ts.
 */

/** Failed calls: the toast says the server's message when it sent one, these otherwise. */
export const CHANNEL_ERRORS = {
  title: 'Error',
  loadConnections: 'Failed to load the channels',
  loadAuthorization: 'Failed to read the connection attempt',
  loadPublications: 'Failed to load the posts to channels',
  connect: 'Failed to start the connection',
  pick: 'Failed to connect the account',
  disconnect: 'Failed to disconnect',
  connectFailedTitle: 'Could not connect',
} as const;

const nounOf = (platform: ChannelPlatform) => CHANNEL_PLATFORM_INFO[platform].accountNoun;

export const CHANNELS_DIALOG = {
  title: 'Channels',
  description: (client: string) =>
    `Where ${client}'s posts can be published. Connect the client's account on each platform it uses.`,
  connections: 'Connected channels',
  none: 'No channels connected yet.',
  connectHeading: 'Connect a channel',
  connect: (platform: ChannelPlatform) => `Connect ${CHANNEL_PLATFORM_INFO[platform].name}`,
  connectShort: 'Connect',
  reconnect: 'Reconnect',
  disconnect: 'Disconnect',
  disconnecting: 'Disconnecting…',
  confirmTitle: (name: string) => `Disconnect ${name}?`,
  confirmDescription: 'Posts scheduled to it will not be sent. It can be connected again at any time.',
  cancel: 'Cancel',
  close: 'Close',
  connectedAt: (date: string) => `Connected ${date}`,
  connected: (name: string) => `${name} connected`,
  disconnected: (name: string) => `${name} disconnected`,
} as const;

export const ACCOUNT_PICKER = {
  title: (platform: ChannelPlatform) => `Choose the ${nounOf(platform)} to connect`,
  description: (platform: ChannelPlatform) =>
    `${CHANNEL_PLATFORM_INFO[platform].name}: posts are published as the ${nounOf(platform)} you choose.`,
  accounts: (platform: ChannelPlatform) => `${CHANNEL_PLATFORM_INFO[platform].name} ${nounOf(platform)}s`,
  loading: 'Reading the accounts…',
  connect: 'Connect',
  connecting: 'Connecting…',
  back: 'Back to the channels',
} as const;

/** What every screen says of a publication's actions (the publish dialog, the calendar, the item's view). */
export const PUBLICATION_WORDS = {
  retry: 'Retry',
  retryFailed: 'Failed to retry the post',
  viewPost: 'View post',
} as const;

export const PUBLISH_DIALOG = {
  title: 'Publish',
  description: 'Post it to the client’s channels now, or at a time you choose.',
  channels: 'Channels',
  loadFailed: 'Failed to load the channels',
  noChannels: 'No channel is connected for this client yet.',
  allNeedReconnect: 'Every channel of this client needs to be connected again before it can publish.',
  openChannels: 'Open the client’s Channels',
  chooseChannel: 'Choose at least one channel.',
  text: (channel: string) => `Text for ${channel}`,
  counter: (length: string, max: string) => `${length} / ${max}`,
  attachImage: 'Attach image',
  imageAlt: 'The image to attach',
  imageMeasuring: 'Reading the image’s size…',
  when: 'When',
  now: 'Publish now',
  schedule: 'Schedule',
  scheduleAt: (zone: string) => `Date and time (${zone})`,
  scheduleMissing: 'Choose a date and time.',
  publishing: 'Publishing…',
  scheduling: 'Scheduling…',
  /** An administrator scheduling past the approval rule (the Publish one is APPROVAL_UI.override). */
  scheduleOverride: 'Schedule without approval',
  approvalStaff:
    'Send it for review from the Content Library. An administrator can publish it without approval.',
  cancel: 'Cancel',
  close: 'Close',
  results: 'Results',
  viewPost: PUBLICATION_WORDS.viewPost,
  scheduledFor: (time: string) => `Scheduled for ${time}`,
  putOff: 'The platform was busy; it is sent again within a few minutes.',
  stillPublishing: 'Still being sent; the calendar shows how it went.',
  notSent: 'Not sent',
  /** A failed request whose server said nothing (a dropped connection says its own). */
  sendFailed: 'The post could not be sent. Try again.',
  retry: PUBLICATION_WORDS.retry,
  retrying: 'Retrying…',
} as const;

export const GBP_FIELDS = {
  legend: 'Google Business Profile post',
  topicType: 'Post type',
  title: 'Title',
  startDate: 'Start date',
  endDate: 'End date',
  couponCode: 'Coupon code (optional)',
  terms: 'Terms and conditions (optional)',
  redeemUrl: 'Redeem online link (optional)',
  button: 'Button',
  noButton: 'No button',
  buttonUrl: 'Button link',
} as const;

export const PUBLISH_BUTTON = {
  label: 'Publish',
  saving: 'Saving…',
  noClient: 'Choose a client in the settings to publish.',
} as const;
