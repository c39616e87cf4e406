import { describe, expect, it } from 'vitest';
import { canManageClient } from './client-permissions';

describe('canManageClient', () => {
  it('lets the creator and an admin manage (grants, budget, delete), not a colleague with a grant', () => {
    const owned = { created_by: 'u1' };
    expect(canManageClient({ id: 'u1', isAdmin: false }, owned)).toBe(true);
    expect(canManageClient({ id: 'u9', isAdmin: true }, owned)).toBe(true);
    expect(canManageClient({ id: 'u2', isAdmin: false }, owned)).toBe(false);
    expect(canManageClient(null, owned)).toBe(false);
    // A picker that did not load the creator never takes a colleague for the owner.
    expect(canManageClient({ id: 'u1', isAdmin: false }, {})).toBe(false);
  });
});
