import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '#infra/content-security-policy';

const origins = {
  cognito: 'https://cognito-idp.eu-west-1.amazonaws.com',
  webSocket: 'wss://abc123defg.execute-api.eu-west-1.amazonaws.com',
  media: 'https://lbmstudio-storagemedia9333cb25-1a2b3c4d5e6f.s3.eu-west-1.amazonaws.com',
};

const directive = (policy: string, name: string): string[] =>
  policy
    .split('; ')
    .find((entry) => entry.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy(origins);

  it('only runs the site’s own scripts', () => {
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(policy).not.toContain('unsafe-eval');
  });

  it('lets the browser reach Cognito, the WebSocket API and presigned media, nothing else', () => {
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      origins.cognito,
      origins.webSocket,
      origins.media,
    ]);
    expect(directive(policy, 'media-src')).toContain(origins.media);
  });

  it('cannot be framed and loads no plugins', () => {
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(policy.endsWith('upgrade-insecure-requests')).toBe(true);
  });

  it('fits CloudFront’s 1783-character limit for the header value', () => {
    expect(policy.length).toBeLessThan(1783);
  });
});
