import { describe, expect, it } from 'vitest';
import { userFromIdTokenPayload } from './claims';

const base = { sub: 'user-1', email: 'ann@example.com', token_use: 'id' };

describe('userFromIdTokenPayload', () => {
  it('reads a plain user', () => {
    expect(userFromIdTokenPayload(base)).toEqual({
      id: 'user-1',
      email: 'ann@example.com',
      name: null,
      isAdmin: false,
    });
  });

  it('marks members of the admins group as admins', () => {
    const user = userFromIdTokenPayload({ ...base, 'cognito:groups': ['editors', 'admins'], name: 'Ann' });
    expect(user).toMatchObject({ isAdmin: true, name: 'Ann' });
  });

  it('does not grant admin for look-alike claims', () => {
    expect(userFromIdTokenPayload({ ...base, 'cognito:groups': 'admins' })?.isAdmin).toBe(false);
    expect(userFromIdTokenPayload({ ...base, 'cognito:groups': ['Admins', 'admin'] })?.isAdmin).toBe(false);
    expect(userFromIdTokenPayload({ ...base, groups: ['admins'] })?.isAdmin).toBe(false);
  });

  it('treats a blank display name as none', () => {
    expect(userFromIdTokenPayload({ ...base, name: '  ' })?.name).toBeNull();
  });

  it('rejects a token without subject or e-mail', () => {
    expect(userFromIdTokenPayload({ email: 'ann@example.com' })).toBeNull();
    expect(userFromIdTokenPayload({ sub: 'user-1' })).toBeNull();
    expect(userFromIdTokenPayload({ sub: 'user-1', email: '' })).toBeNull();
  });
});
