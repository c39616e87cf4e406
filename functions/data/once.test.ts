import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeyEntities } from '#functions/api-keys/api-key-entities';
import { entities } from './entities';
import { once } from './once';

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
