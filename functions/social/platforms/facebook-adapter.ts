import type { ChannelAdapter, ChannelEndpoints } from '../channel-port';
import { graph, graphList, longLivedUserToken, META_HOSTS, META_PAGE_SCOPES, metaOAuth } from './meta-graph';
import { madeSince, malformedReply, platformUrl, text } from './platform-http';

/**
 * Facebook Pages through the Graph API: a connection is one Page, and it publishes with the Page's own
 * token (listAccounts hands it over as the account token). A text post goes to the Page's feed; a post
 * with an image is a Page photo, whose `post_id` is the feed post that Delete and findPost know.
 */

const PLATFORM = 'facebook';

export const facebookAdapter: ChannelAdapter = {
  platform: PLATFORM,
  app: 'meta',
  oauth: (endpoints) => metaOAuth(endpoints, META_PAGE_SCOPES),
  finishTokens: (tokens, app, endpoints) => longLivedUserToken(PLATFORM, tokens, app, endpoints),

  async listAccounts(accessToken, endpoints) {
    const pages = await graphList(PLATFORM, endpoints, '/me/accounts', accessToken, {
      fields: 'id,name,access_token',
    });
    return pages.flatMap((page) => {
      const accountId = text(page.id);
      if (!accountId) return [];
      const accountToken = text(page.access_token);
      return [{ accountId, name: text(page.name) ?? accountId, ...(accountToken ? { accountToken } : {}) }];
    });
  },

  async publish(account, post, endpoints) {
    if (post.image) {
      const photo = await graph(
        PLATFORM,
        endpoints,
        'POST',
        `/${account.accountId}/photos`,
        account.accessToken,
        {
          url: post.image.url,
          caption: post.text,
        },
      );
      const postId = text(photo.post_id) ?? text(photo.id);
      if (!postId) throw malformedReply(PLATFORM, 'the post’s id');
      return { postId, postUrl: postUrl(endpoints, postId) };
    }
    const created = await graph(
      PLATFORM,
      endpoints,
      'POST',
      `/${account.accountId}/feed`,
      account.accessToken,
      {
        message: post.text,
      },
    );
    const postId = text(created.id);
    if (!postId) throw malformedReply(PLATFORM, 'the post’s id');
    return { postId, postUrl: postUrl(endpoints, postId) };
  },

  async findPost(account, postText, since, endpoints) {
    const posts = await graphList(PLATFORM, endpoints, `/${account.accountId}/feed`, account.accessToken, {
      fields: 'id,message,created_time,permalink_url',
      since: String(Math.floor(since.getTime() / 1000)),
      limit: '100',
    });
    const match = posts.find((post) => post.message === postText && madeSince(post.created_time, since));
    const postId = text(match?.id);
    if (!postId) return null;
    return { postId, postUrl: text(match?.permalink_url) ?? postUrl(endpoints, postId) };
  },

  async deletePost(account, postId, endpoints) {
    const answer = await graph(PLATFORM, endpoints, 'DELETE', `/${postId}`, account.accessToken);
    if (answer.success !== true) throw malformedReply(PLATFORM, 'confirming the deletion');
  },
};

/** facebook.com/{page-id}_{post-id} opens the post. */
function postUrl(endpoints: ChannelEndpoints, postId: string): string {
  return platformUrl(endpoints, META_HOSTS.web, `/${postId}`);
}
