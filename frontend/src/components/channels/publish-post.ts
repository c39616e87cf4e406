import type { ChannelPlatform, GbpTopicType, Publication } from '#shared/channels';
import type { SocialPlatformId } from '#shared/platforms';

/** What a screen gives the publish dialog to start from. */
export interface PublishPost {
  /** The text every chosen channel starts from. */
  readonly text: string;
  /** A platform's own text, where the tool wrote one for it (Social Content, Multi-Platform). */
  readonly texts?: Readonly<Partial<Record<ChannelPlatform, string>>>;
  /** An /api/media path (the generated image, or one the item holds), offered by 'Attach image'. */
  readonly imageUrl?: string | null;
  /** The connected channels of these platforms start chosen. */
  readonly platforms?: readonly ChannelPlatform[];
  /** The Business Profile post type a GBP channel starts with (the GBP Post Creator's choice); Update otherwise. */
  readonly gbpTopicType?: GbpTopicType;
}

export interface PublishDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly clientId: string;
  /** The library item the publications belong to. */
  readonly contentId: string;
  readonly post: PublishPost;
  /** Each publication the server made (created or retried), after it went into the cache. */
  readonly onPublished?: (publication: Publication) => void;
}

/** The publishing channel a social generator's platform posts to: its 'twitter' is X. */
export const SOCIAL_CHANNELS: Readonly<Record<SocialPlatformId, ChannelPlatform>> = {
  facebook: 'facebook',
  instagram: 'instagram',
  linkedin: 'linkedin',
  twitter: 'x',
};

/** A social result's posts as the dialog takes them: each platform's own text, those platforms chosen. */
export function socialPost(
  posts: readonly { readonly platform: SocialPlatformId; readonly text: string }[],
  imageUrl: string | null,
): PublishPost {
  return {
    text: posts[0]?.text ?? '',
    texts: Object.fromEntries(posts.map(({ platform, text }) => [SOCIAL_CHANNELS[platform], text])),
    imageUrl,
    platforms: posts.map(({ platform }) => SOCIAL_CHANNELS[platform]),
  };
}
