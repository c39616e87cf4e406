import { describe, expect, it } from 'vitest';
import { createJobStorage, jobStorageKey, type KeyValueStorage } from './job-storage';

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

  it('round-trips a job with its request and marks it seen once', () => {
    const storage = createJobStorage(memory());
    storage.write(key, { jobId: 'j1', request: { topic: 'Spring' }, seen: false });
    expect(storage.read<{ topic: string }>(key)).toEqual({
      jobId: 'j1',
      request: { topic: 'Spring' },
      seen: false,
    });
    storage.markSeen(key, 'other');
    expect(storage.read(key)?.seen).toBe(false);
    storage.markSeen(key, 'j1');
    expect(storage.read(key)?.seen).toBe(true);
  });

  it('clears only the job it was asked to clear', () => {
    const storage = createJobStorage(memory());
    storage.write(key, { jobId: 'j2', request: {}, seen: false });
    storage.clear(key, 'j1');
    expect(storage.read(key)?.jobId).toBe('j2');
    storage.clear(key, 'j2');
    expect(storage.read(key)).toBeNull();
  });

  it('treats garbage and missing storage as nothing stored', () => {
    const backing = memory();
    backing.setItem(key, '{not json');
    expect(createJobStorage(backing).read(key)).toBeNull();
    backing.setItem(key, JSON.stringify({ jobId: 3 }));
    expect(createJobStorage(backing).read(key)).toBeNull();
    const none = createJobStorage(null);
    none.write(key, { jobId: 'j', request: {}, seen: false });
    expect(none.read(key)).toBeNull();
  });
});
