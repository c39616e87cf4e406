import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { envNames } from '#contract/routes';
import { startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import { sendMail } from './mail-sender';

/** The SES e-mail's request: SESv2's SendEmail through the SDK's client, signed for ses in the sender's region. */

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('the SES sender', () => {
  it('sends SESv2 SendEmail from the configured sender, signed for ses in its region', async () => {
    const received: { request: IncomingMessage; body: string }[] = [];
    const server = await startLocalHttpServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        received.push({ request, body });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"MessageId":"m-1"}');
      });
    });
    try {
      Object.assign(process.env, {
        [envNames.mailFrom]: 'reviews@agency.example',
        [envNames.mailRegion]: 'eu-west-1',
        AWS_ENDPOINT_URL_SESV2: server.origin,
        AWS_ACCESS_KEY_ID: 'AKIDTEST',
        AWS_SECRET_ACCESS_KEY: 'secret',
      });
      expect(await sendMail({ to: 'maria@client.example', subject: 'Please review', text: 'The link' })).toBe(
        true,
      );
      const [hit] = received;
      expect(hit?.request.method).toBe('POST');
      expect(hit?.request.url).toBe('/v2/email/outbound-emails');
      expect(hit?.request.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-1\/ses\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/,
      );
      expect(JSON.parse(hit?.body ?? '{}')).toEqual({
        FromEmailAddress: 'reviews@agency.example',
        Destination: { ToAddresses: ['maria@client.example'] },
        Content: {
          Simple: {
            Subject: { Data: 'Please review', Charset: 'UTF-8' },
            Body: { Text: { Data: 'The link', Charset: 'UTF-8' } },
          },
        },
      });
    } finally {
      await server.close();
    }
  });

  it('sends nothing without a sender, and reports a refusal as not sent', async () => {
    delete process.env[envNames.mailFrom];
    expect(await sendMail({ to: 'a@b.example', subject: 's', text: 't' })).toBe(false);
    const server = await startLocalHttpServer((_request, response) => {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end('{"message":"Email address is not verified."}');
    });
    try {
      Object.assign(process.env, {
        [envNames.mailFrom]: 'no-reply@agency.example',
        AWS_REGION: 'us-east-1',
        AWS_ENDPOINT_URL_SESV2: server.origin,
        AWS_ACCESS_KEY_ID: 'AKIDTEST',
        AWS_SECRET_ACCESS_KEY: 'secret',
      });
      expect(await sendMail({ to: 'a@b.example', subject: 's', text: 't' })).toBe(false);
    } finally {
      await server.close();
    }
  });
});
