import { describe, expect, it } from 'vitest';
import { isIdempotencyKey } from '#shared/generation-jobs';
import { createJobStorage, jobStorageKey, type KeyValueStorage, newIdempotencyKey } from './job-storage';

function memory(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('job storage', () => {
  const key = jobStorageKey('newsletter', 'user-1');

  it('keys by tool and user', () => {
    expect(key).toBe('lbm.job.newsletter.user-1');
    expect(jobStorageKey('newsletter', 'user-2')).not.toBe(key);
  });

  const entry = (jobId: string | null, idempotencyKey = 'key-0001') => ({
    idempotencyKey,
    jobId,
    request: { topic: 'Spring' },
    form: { topic: 'Spring', clientId: 'c1' },
    seen: false,
  });

  it('keeps a request written before its POST, with its key and form, then records the job id', () => {
    const storage = createJobStorage(memory());
    storage.write(key, entry(null));
    expect(storage.read(key)).toEqual(entry(null));
    storage.accept(key, 'another-key', 'j0');
    expect(storage.read(key)?.jobId).toBeNull();
    storage.accept(key, 'key-0001', 'j1');
    expect(storage.read(key)).toEqual(entry('j1'));
  });

  it('marks a job seen once', () => {
    const storage = createJobStorage(memory());
    storage.write(key, entry('j1'));
    storage.markSeen(key, 'other');
    expect(storage.read(key)?.seen).toBe(false);
    storage.markSeen(key, 'j1');
    expect(storage.read(key)?.seen).toBe(true);
  });

  it('clears only the job or request it was asked to clear', () => {
    const storage = createJobStorage(memory());
    storage.write(key, entry('j2', 'key-0002'));
    storage.clear(key, { jobId: 'j1' });
    storage.clear(key, { idempotencyKey: 'key-0001' });
    expect(storage.read(key)?.jobId).toBe('j2');
    storage.clear(key, { idempotencyKey: 'key-0002' });
    expect(storage.read(key)).toBeNull();
    storage.write(key, entry('j3'));
    storage.clear(key, { jobId: 'j3' });
    expect(storage.read(key)).toBeNull();
  });

  it('makes keys the server accepts', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const made of keys) expect(isIdempotencyKey(made)).toBe(true);
  });

  it('treats garbage, entries of the old shape and missing storage as nothing stored', () => {
    const backing = memory();
    backing.setItem(key, '{not json');
    expect(createJobStorage(backing).read(key)).toBeNull();
    backing.setItem(key, JSON.stringify({ jobId: 'j1', request: {}, seen: false }));
    expect(createJobStorage(backing).read(key)).toBeNull();
    backing.setItem(key, JSON.stringify({ ...entry('j1'), idempotencyKey: 'bad key!' }));
    expect(createJobStorage(backing).read(key)).toBeNull();
    const none = createJobStorage(null);
    none.write(key, entry('j'));
    expect(none.read(key)).toBeNull();
  });
});
