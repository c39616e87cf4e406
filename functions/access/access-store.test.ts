import { describe, expect, it } from 'vitest';
import { accessAlreadyGranted, grantAccessSchema } from './access-store';

describe('grantAccessSchema', () => {
  it('trims and lower-cases the address', () => {
    expect(grantAccessSchema.parse({ email: '  Jane.Doe@Agency.Test ' })).toEqual({
      email: 'jane.doe@agency.test',
    });
  });

  it.each([
    [{}, 'Please enter an e-mail address.'],
    [{ email: '   ' }, 'Please enter an e-mail address.'],
    [{ email: 'jane' }, 'Please enter a valid e-mail address.'],
    [{ email: 'jane@' }, 'Please enter a valid e-mail address.'],
    [{ email: 'a@b@agency.test' }, 'Please enter a valid e-mail address.'],
    [{ email: '"a@agency.test"@evil.io' }, 'Please enter a valid e-mail address.'],
    [{ email: 42 }, 'Please enter an e-mail address.'],
  ])('refuses %o with a clear message', (body, message) => {
    const result = grantAccessSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('words the duplicate refusal with the address', () => {
    expect(accessAlreadyGranted('jane@agency.test')).toBe('Access already granted to jane@agency.test');
  });
});
