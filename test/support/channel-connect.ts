import { followConsent } from '#functions/social/testing/fake-platform-kit';
import type { ChannelConnection, ChannelPlatform } from '#shared/channels';

/**
 * Connect as the browser does, against the fake platforms (docs/architecture.md, "Publishing
 * channels"): Connect, the platform's consent page and its Allow, the callback back into the app, the
 * accounts offered, and the first (or `pick`th) one connected. Throws with the step that failed.
 */
export async function connectThroughApi(options: {
  readonly appUrl: string;
  readonly token: string;
  readonly clientId: string;
  readonly platform: ChannelPlatform;
  readonly pick?: number;
}): Promise<ChannelConnection> {
  const { appUrl, token, clientId } = options;
  const json = async <T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> => {
    const reply = await fetch(`${appUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: appUrl },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: reply.status, body: (await reply.json()) as T };
  };
  const started = await json<{ authorizationUrl: string }>(
    'POST',
    `/api/clients/${clientId}/connection-authorizations`,
    {
      platform: options.platform,
    },
  );
  if (started.status !== 201)
    throw new Error(`Connect answered ${started.status}: ${JSON.stringify(started.body)}`);
  const callback = await followConsent(new URL(started.body.authorizationUrl), 'allow');
  const back = await fetch(callback, { redirect: 'manual' });
  const location = new URL(back.headers.get('location') ?? '', appUrl);
  const authorizationId = location.searchParams.get('connect');
  if (back.status !== 302 || !authorizationId)
    throw new Error(`The callback sent the browser to ${location.href}`);
  const choices = await json<{ accounts: { accountId: string }[]; error?: string }>(
    'GET',
    `/api/clients/${clientId}/connection-authorizations/${authorizationId}`,
  );
  const account = choices.body.accounts[options.pick ?? 0];
  if (!account) throw new Error(`No account to pick: ${JSON.stringify(choices.body)}`);
  const connected = await json<ChannelConnection>('POST', `/api/clients/${clientId}/connections`, {
    authorizationId,
    accountId: account.accountId,
  });
  if (connected.status !== 201) throw new Error(`Connecting answered ${connected.status}`);
  return connected.body;
}
