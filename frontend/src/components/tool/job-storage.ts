import { isIdempotencyKey } from '#shared/generation-jobs';

/**
 * Remembers each tool's latest job in localStorage, so a page reopened after its tab was closed (or a
 * reload mid-generation) picks the job up again and shows the result that finished meanwhile. The
 * entry is written BEFORE the generation POST leaves, with the request's idempotency key: a tab closed
 * before the reply left an entry without a job id, and the reopened page sends the same POST with the
 * same key, which the server answers with the job it already created (never a second one). The request
 * and the form values are kept with it: download names, manual saves and the restored form are derived
 * from what was asked.
 */

export interface StoredToolJob<Request, Form = unknown> {
  /** The Idempotency-Key the POST was (or is being) sent with. */
  readonly idempotencyKey: string;
  /** Null until the POST's 202 reply named the job. */
  readonly jobId: string | null;
  readonly request: Request;
  /** The settings form as it was when Generate was pressed; null for an entry without one. */
  readonly form: Form | null;
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

/** A fresh key for one generation request: a random UUID (36 characters of hex digits and dashes). */
export function newIdempotencyKey(random: () => string = () => crypto.randomUUID()): string {
  return random();
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
    read<Request, Form = unknown>(key: string): StoredToolJob<Request, Form> | null {
      const raw = storage?.getItem(key);
      if (!raw) return null;
      try {
        const value: unknown = JSON.parse(raw);
        if (typeof value !== 'object' || value === null) return null;
        const record = value as Record<string, unknown>;
        const idempotencyKey = record.idempotencyKey;
        if (typeof idempotencyKey !== 'string' || !isIdempotencyKey(idempotencyKey)) return null;
        const jobId = typeof record.jobId === 'string' && record.jobId !== '' ? record.jobId : null;
        if (record.request === undefined) return null;
        return {
          idempotencyKey,
          jobId,
          request: record.request as Request,
          form: record.form === undefined || record.form === null ? null : (record.form as Form),
          seen: record.seen === true,
        };
      } catch {
        return null;
      }
    },
    write<Request, Form>(key: string, job: StoredToolJob<Request, Form>): void {
      try {
        storage?.setItem(key, JSON.stringify(job));
      } catch {
        // Quota exceeded: resuming is a convenience, generation goes on without it.
      }
    },
    /** Records the job id the POST answered with, if the entry is still this request's. */
    accept(key: string, idempotencyKey: string, jobId: string): void {
      const stored = this.read(key);
      if (stored && stored.idempotencyKey === idempotencyKey) this.write(key, { ...stored, jobId });
    },
    markSeen(key: string, jobId: string): void {
      const stored = this.read(key);
      if (stored && stored.jobId === jobId && !stored.seen) this.write(key, { ...stored, seen: true });
    },
    /** Forgets the entry; with `match`, only when it is that job (by id) or that request (by key). */
    clear(key: string, match?: { jobId?: string; idempotencyKey?: string }): void {
      if (match) {
        const stored = this.read(key);
        if (!stored) return;
        const sameJob = match.jobId !== undefined && stored.jobId === match.jobId;
        const sameRequest =
          match.idempotencyKey !== undefined && stored.idempotencyKey === match.idempotencyKey;
        if (!sameJob && !sameRequest) return;
      }
      storage?.removeItem(key);
    },
  };
}

export type JobStorage = ReturnType<typeof createJobStorage>;
