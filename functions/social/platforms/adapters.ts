import type { ChannelPlatform } from '#shared/channels';
import type { ChannelAdapter } from '../channel-port';
import { facebookAdapter } from './facebook-adapter';
import { gbpAdapter } from './gbp-adapter';
import { instagramAdapter } from './instagram-adapter';
import { linkedinAdapter } from './linkedin-adapter';
import { xAdapter } from './x-adapter';

/** Every publishing platform's adapter (docs/architecture.md, "Publishing channels"). */
export const CHANNEL_ADAPTERS: Readonly<Record<ChannelPlatform, ChannelAdapter>> = {
  gbp: gbpAdapter,
  facebook: facebookAdapter,
  instagram: instagramAdapter,
  linkedin: linkedinAdapter,
  x: xAdapter,
};
