import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeyEntities } from '#functions/api-keys/api-key-entities';
import { entities } from './entities';
import { lazily, once } from './once';

describe('once', () => {
  it('makes its value on the first call only, and keeps it (undefined included)', () => {
    const make = vi.fn(() => ({ made: true }));
    const value = once(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);

    const nothing = vi.fn(() => undefined);
    const none = once(nothing);
    none();
    none();
    expect(nothing).toHaveBeenCalledTimes(1);
  });
});

describe('lazily', () => {
  it('makes each property on its first read only, and lists every property', () => {
    const makeA = vi.fn(() => ({ a: 1 }));
    const makeB = vi.fn(() => 'b');
    const built = lazily({ a: makeA, b: makeB });
    expect(Object.keys(built)).toEqual(['a', 'b']);
    expect(makeA).not.toHaveBeenCalled();
    const a = built.a;
    expect(built.a).toBe(a);
    expect(makeA).toHaveBeenCalledTimes(1);
    expect(makeB).not.toHaveBeenCalled();
    expect(built.b).toBe('b');
  });
});

/**
 * The entities are built on first read; each read after must give the very same entity, since readers
 * are kept per entity (item-commands.ts) and a new one per read would rebuild its schema every time.
 */
describe('the lazily built entities', () => {
  beforeAll(() => {
    vi.stubEnv('TABLE_NAME', 'lbm-once-test');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('gives the same entity on every read, each under its own name', () => {
    const all = entities();
    const names = [
      'client',
      'content',
      'access',
      'activity',
      'job',
      'jobSlots',
      'idempotencyKey',
      'connection',
    ] as const;
    for (const name of names) {
      expect(all[name].entityName).toBe(name);
      expect(entities()[name]).toBe(all[name]);
    }
    const keys = apiKeyEntities();
    expect(keys.apiKey.entityName).toBe('apiKey');
    expect(keys.rateWindow.entityName).toBe('apiKeyRateWindow');
    expect(apiKeyEntities().rateWindow).toBe(keys.rateWindow);
  });
});
