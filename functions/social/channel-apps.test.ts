import { describe, expect, it } from 'vitest';
import { channelAppEnvNames } from '#shared/channels';
import { channelApp } from './channel-apps';

describe('channelApp', () => {
  it('has no credentials for a platform whose app an admin has not configured', async () => {
    expect(await channelApp('x', {})).toEqual({ app: 'x', credentials: null, endpoints: {} });
  });

  it('reads the app of the platform, Instagram through Meta’s, and its origin override', async () => {
    const names = channelAppEnvNames('meta');
    const env = {
      [names.clientId]: ' meta-id ',
      [names.clientSecret]: 'meta-secret',
      [names.origin]: 'http://127.0.0.1:4000',
    };
    expect(await channelApp('instagram', env)).toEqual({
      app: 'meta',
      credentials: { clientId: 'meta-id', clientSecret: 'meta-secret' },
      endpoints: { originOverride: 'http://127.0.0.1:4000' },
    });
    // An id without its secret is not a configured app.
    expect((await channelApp('facebook', { [names.clientId]: 'meta-id' })).credentials).toBeNull();
  });
});
