/**
 * Remembers each tool's latest job in localStorage, so a page reopened after its tab was closed (or a
 * reload mid-generation) picks the job up again and shows the result that finished meanwhile. The
 * request is kept with it: download names and manual saves are derived from what was asked.
 */

export interface StoredToolJob<Request> {
  readonly jobId: string;
  readonly request: Request;
  /** True once the page has shown this job's outcome, so reopening does not announce it again. */
  readonly seen: boolean;
}

/** The part of `Storage` used here; tests pass a Map-backed fake. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Keyed per user too: a different account on the same browser must not pick up someone else's job. */
export function jobStorageKey(tool: string, userId: string): string {
  return `lbm.job.${tool}.${userId}`;
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings); the tool then simply does not resume.
    return null;
  }
}

export function createJobStorage(storage: KeyValueStorage | null = browserStorage()) {
  return {
    read<Request>(key: string): StoredToolJob<Request> | null {
      const raw = storage?.getItem(key);
      if (!raw) return null;
      try {
        const value: unknown = JSON.parse(raw);
        if (typeof value !== 'object' || value === null) return null;
        const record = value as Record<string, unknown>;
        if (typeof record.jobId !== 'string' || record.jobId === '') return null;
        return { jobId: record.jobId, request: record.request as Request, seen: record.seen === true };
      } catch {
        return null;
      }
    },
    write<Request>(key: string, job: StoredToolJob<Request>): void {
      try {
        storage?.setItem(key, JSON.stringify(job));
      } catch {
        // Quota exceeded: resuming is a convenience, generation goes on without it.
      }
    },
    markSeen(key: string, jobId: string): void {
      const stored = this.read(key);
      if (stored && stored.jobId === jobId && !stored.seen) this.write(key, { ...stored, seen: true });
    },
    clear(key: string, jobId?: string): void {
      if (jobId !== undefined && this.read(key)?.jobId !== jobId) return;
      storage?.removeItem(key);
    },
  };
}

export type JobStorage = ReturnType<typeof createJobStorage>;
