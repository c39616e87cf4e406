import { describe, expect, it } from 'vitest';
import { canonicalEmail, newPasswordProblem, resetProblem, signInProblem, signUpProblem } from './validation';

const domain = 'example.com';

describe('signUpProblem', () => {
  it('accepts a staff address with a long enough password', () => {
    expect(
      signUpProblem({ email: 'Ann@Example.com ', password: 'secret1' }, domain, 'Error creating account'),
    ).toBeNull();
  });

  it('requires an e-mail and a password, with the spec message under the context title', () => {
    expect(
      signUpProblem({ email: ' ', password: 'secret1' }, domain, 'Error creating account'),
    ).toMatchObject({
      title: 'Error creating account',
      description: 'You must provide either an email or phone number and a password',
    });
    expect(
      signUpProblem({ email: 'ann@example.com', password: '' }, domain, 'Error creating account')
        ?.description,
    ).toBe('You must provide either an email or phone number and a password');
  });

  it.each([
    'ann@evil.io',
    'ann@example.com.evil.io',
    'a@evil.io?@example.com',
    '"a@example.com"@evil.io',
    'ann@sub.example.com',
    'ann @example.com',
  ])('refuses %s with the domain message', (email) => {
    expect(signUpProblem({ email, password: 'secret1' }, domain, 'Error creating account')).toMatchObject({
      title: 'Invalid email domain',
      description: 'Only @example.com email addresses are allowed',
    });
  });

  it('refuses a password under 6 characters', () => {
    expect(signUpProblem({ email: 'ann@example.com', password: '12345' }, domain, 'x')?.title).toBe(
      'Password too short',
    );
  });
});

describe('signInProblem', () => {
  it('checks presence then domain, but not the length of an existing password', () => {
    expect(signInProblem({ email: 'ann@example.com', password: '1' }, domain, 'Error signing in')).toBeNull();
    expect(signInProblem({ email: '', password: '' }, domain, 'Error signing in')?.title).toBe(
      'Error signing in',
    );
    expect(
      signInProblem({ email: 'ann@other.org', password: 'secret1' }, domain, 'Error signing in')?.title,
    ).toBe('Invalid email domain');
  });
});

describe('newPasswordProblem', () => {
  it('requires 6 characters, then a matching confirmation', () => {
    expect(newPasswordProblem('12345', '12345')?.title).toBe('Password too short');
    expect(newPasswordProblem('123456', '1234567')?.title).toBe('Passwords do not match');
    expect(newPasswordProblem('123456', '123456')).toBeNull();
    expect(newPasswordProblem('123456')).toBeNull();
  });
});

describe('resetProblem', () => {
  it('needs the e-mail and the code before checking the passwords', () => {
    const input = { email: 'ann@example.com', code: '123456', password: 'secret1', confirmation: 'secret1' };
    expect(resetProblem(input, 'Error updating password')).toBeNull();
    expect(resetProblem({ ...input, code: ' ' }, 'Error updating password')?.title).toBe(
      'Error updating password',
    );
    expect(resetProblem({ ...input, confirmation: 'secret2' }, 'Error updating password')?.title).toBe(
      'Passwords do not match',
    );
  });
});

describe('canonicalEmail', () => {
  it('trims and lower-cases well-formed addresses and leaves others trimmed only', () => {
    expect(canonicalEmail('  Ann.Lee@Example.COM ')).toBe('ann.lee@example.com');
    expect(canonicalEmail(' not an email ')).toBe('not an email');
  });
});

describe('the field a problem belongs to', () => {
  it('names the empty or refused field so the form can mark it', () => {
    expect(signInProblem({ email: ' ', password: 'x' }, domain, 't')?.field).toBe('email');
    expect(signInProblem({ email: 'ann@example.com', password: '' }, domain, 't')?.field).toBe('password');
    expect(signInProblem({ email: 'ann@elsewhere.org', password: 'x' }, domain, 't')?.field).toBe('email');
    expect(signUpProblem({ email: 'ann@example.com', password: '123' }, domain, 't')?.field).toBe('password');
    expect(newPasswordProblem('secret12', 'secret13')?.field).toBe('confirmation');
    expect(
      resetProblem({ email: 'a@example.com', code: '', password: 'x', confirmation: 'x' }, 't')?.field,
    ).toBe('code');
  });
});
