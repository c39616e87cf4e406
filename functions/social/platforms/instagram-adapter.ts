import { type ChannelAdapter, type ChannelEndpoints, ChannelError } from '../channel-port';
import { graph, graphList, longLivedUserToken, META_PAGE_SCOPES, metaOAuth } from './meta-graph';
import { madeSince, malformedReply, record, text } from './platform-http';

/**
 * Instagram professional accounts through the Facebook Page each is linked to (the Instagram Graph
 * API): a connection is the Instagram account, and it publishes with its Page's token. Publishing is
 * two steps, a media container made from an image URL Instagram fetches, then its publication.
 */

const PLATFORM = 'instagram';

/** Where 'View post' goes when Instagram published the post but did not say its permalink. */
const INSTAGRAM_HOME = 'https://www.instagram.com/';

export const instagramAdapter: ChannelAdapter = {
  platform: PLATFORM,
  app: 'meta',
  oauth: (endpoints) =>
    metaOAuth(endpoints, [...META_PAGE_SCOPES, 'instagram_basic', 'instagram_content_publish']),
  finishTokens: (tokens, app, endpoints) => longLivedUserToken(PLATFORM, tokens, app, endpoints),

  async listAccounts(accessToken, endpoints) {
    const pages = await graphList(PLATFORM, endpoints, '/me/accounts', accessToken, {
      fields: 'id,name,access_token,instagram_business_account{id,username}',
    });
    return pages.flatMap((page) => {
      const instagram = record(page.instagram_business_account);
      const accountId = text(instagram.id);
      if (!accountId) return [];
      const username = text(instagram.username);
      const accountToken = text(page.access_token);
      return [
        { accountId, name: username ? `@${username}` : accountId, ...(accountToken ? { accountToken } : {}) },
      ];
    });
  },

  async publish(account, post, endpoints) {
    if (!post.image) {
      throw new ChannelError(PLATFORM, 'refused', 'Instagram posts need an image');
    }
    const container = await graph(
      PLATFORM,
      endpoints,
      'POST',
      `/${account.accountId}/media`,
      account.accessToken,
      {
        image_url: post.image.url,
        caption: post.text,
      },
    );
    const creationId = text(container.id);
    if (!creationId) throw malformedReply(PLATFORM, 'the media container’s id');
    const published = await graph(
      PLATFORM,
      endpoints,
      'POST',
      `/${account.accountId}/media_publish`,
      account.accessToken,
      { creation_id: creationId },
    );
    const postId = text(published.id);
    if (!postId) throw malformedReply(PLATFORM, 'the published media’s id');
    return { postId, postUrl: await permalink(postId, account.accessToken, endpoints) };
  },

  async findPost(account, postText, since, endpoints) {
    const media = await graphList(PLATFORM, endpoints, `/${account.accountId}/media`, account.accessToken, {
      fields: 'id,caption,timestamp,permalink',
      limit: '50',
    });
    const match = media.find((item) => item.caption === postText && madeSince(item.timestamp, since));
    const postId = text(match?.id);
    return postId ? { postId, postUrl: text(match?.permalink) ?? INSTAGRAM_HOME } : null;
  },

  async deletePost() {
    throw new ChannelError(
      PLATFORM,
      'not_supported',
      'Instagram does not allow deleting posts through its API',
    );
  },
};

/**
 * The post is out once media_publish answered: a failure to read its permalink must not turn that into
 * a failed publication (a retry would post it twice), so 'View post' then opens Instagram.
 */
async function permalink(mediaId: string, accessToken: string, endpoints: ChannelEndpoints): Promise<string> {
  try {
    const media = await graph(PLATFORM, endpoints, 'GET', `/${mediaId}`, accessToken, {
      fields: 'permalink',
    });
    return text(media.permalink) ?? INSTAGRAM_HOME;
  } catch (error) {
    if (error instanceof ChannelError) return INSTAGRAM_HOME;
    throw error;
  }
}
