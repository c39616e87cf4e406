import { describe, expect, it } from 'vitest';
import { EMAIL_DOMAIN_MESSAGES, isAllowedEmail, normalizeEmail } from './email-domain';

const domain = 'example.com';

describe('isAllowedEmail', () => {
  it.each(['ann@example.com', 'Ann.Lee@Example.COM', 'a+tag@example.com', "o'brien@example.com"])(
    'accepts %s',
    (email) => {
      expect(isAllowedEmail(email, domain)).toBe(true);
    },
  );

  it.each([
    'a@example.com.evil.io',
    'a@evil.io?@example.com',
    '"a@example.com"@evil.io',
    'a@sub.example.com',
    ' a@example.com',
    'a@example.com ',
    'a@example.com\n',
    'a @example.com',
    'a@ example.com',
    '\ta@example.com',
    'a@exampleXcom',
    'a@example.co',
    'a@example.com.',
    'a@@example.com',
    '@example.com',
    'a@',
    '',
    'a.@example.com',
    'a..b@example.com',
    'a@[127.0.0.1]',
    'a(comment)@example.com',
    'a@evilexample.com',
    'a@example.com@example.com',
  ])('refuses %j', (email) => {
    expect(isAllowedEmail(email, domain)).toBe(false);
  });

  it('accepts the configured domain written with @ or in capitals', () => {
    expect(isAllowedEmail('a@example.com', '@Example.com')).toBe(true);
  });

  it('refuses everything when no domain is configured', () => {
    expect(isAllowedEmail('a@example.com', '')).toBe(false);
  });
});

describe('messages and normalisation', () => {
  it('names the domain in the spec message', () => {
    expect(EMAIL_DOMAIN_MESSAGES.title).toBe('Invalid email domain');
    expect(EMAIL_DOMAIN_MESSAGES.message('Example.com')).toBe(
      'Only @example.com email addresses are allowed',
    );
  });

  it('lower-cases and trims an address, and rejects malformed ones', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(normalizeEmail('not an email')).toBeNull();
  });
});
