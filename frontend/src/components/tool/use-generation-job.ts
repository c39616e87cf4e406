import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/generation-jobs';
import { ApiError, api, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useRealtime } from '@/lib/realtime';
import {
  initialJobState,
  isActivePhase,
  type JobEvent,
  type JobState,
  jobEventFromMessage,
  jobReducer,
  needsResync,
  parsePolledJob,
  pollFailureAction,
} from './job-state';
import { createJobStorage, jobStorageKey, newIdempotencyKey } from './job-storage';

/**
 * Runs one tool's generation jobs (docs/architecture.md, "Generation jobs"): POSTs the request (202 {jobId}), follows the job over
 * the WebSocket and, because a socket can drop, also polls GET /api/jobs/{jobId} every two seconds
 * until the job settles. The request, its idempotency key and the form are kept in localStorage before
 * the POST leaves, so a page reopened after its tab was closed (even before the reply) shows the result
 * that finished meanwhile, with the form that asked for it. When a progress push was missed (or the
 * result was too large to push) it asks at once, with the text pushed so far (`?include=partial`).
 */

export const POLL_INTERVAL_MS = 2_000;

export interface SettledJob<Request> {
  readonly state: JobState;
  /** The request that produced the job (restored from storage for a resumed job). */
  readonly request: Request | null;
  /** False for a resumed job whose outcome this browser has already shown: show it, don't announce it. */
  readonly announce: boolean;
}

export interface GenerationJobOptions<Request, Form> {
  /** The job kind (functions/tools/<tool>); also names the stored job. */
  readonly tool: string;
  /** The generation endpoint, e.g. '/api/generate-newsletter'. */
  readonly endpoint: string;
  /** Called once per job, when it succeeds or fails. */
  readonly onSettled?: (settled: SettledJob<Request>) => void;
  /** Called with the stored form values when a job of an earlier visit is picked up again. */
  readonly onRestore?: (form: Form) => void;
}

export interface GenerationJob<Request, Form> {
  readonly state: JobState;
  readonly request: Request | null;
  readonly active: boolean;
  /** Starts a job for the request; the form values are stored with it for a later resume. */
  start(request: Request, form?: Form): Promise<void>;
}

export function useGenerationJob<Request, Form = unknown>({
  tool,
  endpoint,
  onSettled,
  onRestore,
}: GenerationJobOptions<Request, Form>): GenerationJob<Request, Form> {
  const { user } = useAuth();
  const storageKey = jobStorageKey(tool, user?.id ?? 'anonymous');
  const storage = useMemo(() => createJobStorage(), []);
  const [state, setState] = useState<JobState>(initialJobState);
  const [request, setRequest] = useState<Request | null>(null);
  const stateRef = useRef(state);
  const requestRef = useRef(request);
  const seenRef = useRef(false);
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;
  const onRestoreRef = useRef(onRestore);
  onRestoreRef.current = onRestore;

  const dispatch = useCallback(
    (event: JobEvent) => {
      const previous = stateRef.current;
      const next = jobReducer(previous, event);
      if (next === previous) return;
      stateRef.current = next;
      setState(next);
      if (previous.phase === next.phase || (next.phase !== 'succeeded' && next.phase !== 'failed')) return;
      const announce = !(next.resumed && seenRef.current);
      if (next.jobId) {
        if (next.phase === 'succeeded') storage.markSeen(storageKey, next.jobId);
        else storage.clear(storageKey, { jobId: next.jobId });
      }
      onSettledRef.current?.({ state: next, request: requestRef.current, announce });
    },
    [storage, storageKey],
  );

  const remember = useCallback((value: Request | null) => {
    requestRef.current = value;
    setRequest(value);
  }, []);

  /** POSTs the request under its key; a resent key gets the job the first POST created. */
  const submit = useCallback(
    async (body: Request, idempotencyKey: string) => {
      try {
        const reply = await api.post<{ jobId?: unknown }>(endpoint, body, {
          headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        });
        const id = typeof reply?.jobId === 'string' ? reply.jobId : null;
        if (!id) throw new ApiError(200, 'INVALID_RESPONSE', 'The server sent an unexpected response.');
        storage.accept(storageKey, idempotencyKey, id);
        dispatch({ type: 'accepted', jobId: id });
      } catch (error) {
        // Refused or unanswered: the stored request goes, so a reload shows neither it nor an older result.
        storage.clear(storageKey, { idempotencyKey });
        // '' lets the page show its own fallback text when the server gave no message.
        dispatch({ type: 'failed', jobId: null, error: errorMessage(error, '') });
      }
    },
    [endpoint, dispatch, storage, storageKey],
  );

  // A job stored by an earlier visit: follow it again (or show its result if it finished meanwhile).
  // An entry without a job id is a POST whose reply never arrived: it is sent again with its key.
  // Once per user and tool: a refreshed token gives a new user object, not a reason to resume again.
  const userId = user?.id ?? null;
  const resumedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || resumedFor.current === storageKey) return;
    resumedFor.current = storageKey;
    const stored = storage.read<Request, Form>(storageKey);
    if (!stored || isActivePhase(stateRef.current.phase)) return;
    seenRef.current = stored.seen;
    remember(stored.request);
    if (stored.form !== null) onRestoreRef.current?.(stored.form);
    if (stored.jobId) {
      dispatch({ type: 'resume', jobId: stored.jobId });
      return;
    }
    dispatch({ type: 'submit' });
    void submit(stored.request, stored.idempotencyKey);
  }, [userId, storage, storageKey, dispatch, remember, submit]);

  useRealtime('*', (message) => {
    if (typeof message.tool === 'string' && message.tool !== tool) return;
    const event = jobEventFromMessage(message);
    if (event) dispatch(event);
  });

  const jobId = state.jobId;
  const polling = state.phase === 'running' && jobId !== null;
  const pollNow = useRef<(() => Promise<void>) | null>(null);
  useEffect(() => {
    if (!polling || !jobId) return;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearInterval(timer);
    };
    const poll = async () => {
      const path = `/api/jobs/${encodeURIComponent(jobId)}`;
      try {
        // Plain polls stay small; the pushed text comes along only while this page has to resync.
        const resync = needsResync(stateRef.current);
        const job = parsePolledJob(await api.get<unknown>(resync ? `${path}?include=partial` : path));
        if (!stopped && job) dispatch({ type: 'polled', job });
      } catch (error) {
        if (stopped) return;
        const action = pollFailureAction(error instanceof ApiError ? error.status : null);
        if (action === 'retry') return;
        stop();
        if (action === 'stop') return;
        // Expired or never ours: a resumed job is forgotten quietly, a live one is reported.
        storage.clear(storageKey, { jobId });
        if (stateRef.current.resumed) dispatch({ type: 'reset' });
        else dispatch({ type: 'failed', jobId, error: error instanceof Error ? error.message : '' });
      }
    };
    // A resumed job may have finished long ago: ask at once instead of waiting for the first tick.
    if (stateRef.current.resumed) void poll();
    const timer = setInterval(() => void poll(), POLL_INTERVAL_MS);
    pollNow.current = poll;
    return () => {
      pollNow.current = null;
      stop();
    };
  }, [polling, jobId, dispatch, storage, storageKey]);

  // A gap in the pushes (or a result only pointed to) is filled at once, not at the next tick; while it
  // lasts, every tick brings the pushed text again, until the stored text has caught up.
  const resync = needsResync(state);
  useEffect(() => {
    if (resync) void pollNow.current?.();
  }, [resync]);

  const start = useCallback(
    async (body: Request, form?: Form) => {
      if (isActivePhase(stateRef.current.phase)) return;
      seenRef.current = false;
      remember(body);
      dispatch({ type: 'submit' });
      const idempotencyKey = newIdempotencyKey();
      // Stored before the POST leaves: a tab closed before the reply still finds its job on reopen.
      storage.write(storageKey, {
        idempotencyKey,
        jobId: null,
        request: body,
        form: form ?? null,
        seen: false,
      });
      await submit(body, idempotencyKey);
    },
    [dispatch, remember, storage, storageKey, submit],
  );

  return { state, request, active: isActivePhase(state.phase), start };
}
