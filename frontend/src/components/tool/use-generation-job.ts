import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
  parsePolledJob,
} from './job-state';
import { createJobStorage, jobStorageKey } from './job-storage';

/**
 * Runs one tool's generation jobs (DESIGN §3): POSTs the request (202 {jobId}), follows the job over
 * the WebSocket and, because a socket can drop, also polls GET /api/jobs/{jobId} every two seconds
 * until the job settles. The job id and request are kept in localStorage, so a page reopened after its
 * tab was closed shows the result that finished meanwhile.
 */

export const POLL_INTERVAL_MS = 2_000;

export interface SettledJob<Request> {
  readonly state: JobState;
  /** The request that produced the job (restored from storage for a resumed job). */
  readonly request: Request | null;
  /** False for a resumed job whose outcome this browser has already shown: show it, don't announce it. */
  readonly announce: boolean;
}

export interface GenerationJobOptions<Request> {
  /** The job kind (functions/tools/<tool>); also names the stored job. */
  readonly tool: string;
  /** The generation endpoint, e.g. '/api/generate-newsletter'. */
  readonly endpoint: string;
  /** Called once per job, when it succeeds or fails. */
  readonly onSettled?: (settled: SettledJob<Request>) => void;
}

export interface GenerationJob<Request> {
  readonly state: JobState;
  readonly request: Request | null;
  readonly active: boolean;
  start(request: Request): Promise<void>;
}

export function useGenerationJob<Request>({
  tool,
  endpoint,
  onSettled,
}: GenerationJobOptions<Request>): GenerationJob<Request> {
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
        else storage.clear(storageKey, next.jobId);
      }
      onSettledRef.current?.({ state: next, request: requestRef.current, announce });
    },
    [storage, storageKey],
  );

  const remember = useCallback((value: Request | null) => {
    requestRef.current = value;
    setRequest(value);
  }, []);

  // A job stored by an earlier visit: follow it again (or show its result if it finished meanwhile).
  // Once per user and tool: a refreshed token gives a new user object, not a reason to resume again.
  const userId = user?.id ?? null;
  const resumedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || resumedFor.current === storageKey) return;
    resumedFor.current = storageKey;
    const stored = storage.read<Request>(storageKey);
    if (!stored || isActivePhase(stateRef.current.phase)) return;
    seenRef.current = stored.seen;
    remember(stored.request);
    dispatch({ type: 'resume', jobId: stored.jobId });
  }, [userId, storage, storageKey, dispatch, remember]);

  useRealtime('*', (message) => {
    if (typeof message.tool === 'string' && message.tool !== tool) return;
    const event = jobEventFromMessage(message);
    if (event) dispatch(event);
  });

  const jobId = state.jobId;
  const polling = state.phase === 'running' && jobId !== null;
  useEffect(() => {
    if (!polling || !jobId) return;
    let stopped = false;
    const poll = async () => {
      try {
        const job = parsePolledJob(await api.get<unknown>(`/api/jobs/${encodeURIComponent(jobId)}`));
        if (!stopped && job) dispatch({ type: 'polled', job });
      } catch (error) {
        if (stopped || !(error instanceof ApiError) || error.status !== 404) return;
        // Expired or never ours: a resumed job is forgotten quietly, a live one is reported.
        storage.clear(storageKey, jobId);
        if (stateRef.current.resumed) dispatch({ type: 'reset' });
        else dispatch({ type: 'failed', jobId, error: error.message });
      }
    };
    // A resumed job may have finished long ago: ask at once instead of waiting for the first tick.
    if (stateRef.current.resumed) void poll();
    const timer = setInterval(() => void poll(), POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [polling, jobId, dispatch, storage, storageKey]);

  const start = useCallback(
    async (body: Request) => {
      if (isActivePhase(stateRef.current.phase)) return;
      seenRef.current = false;
      remember(body);
      dispatch({ type: 'submit' });
      try {
        const reply = await api.post<{ jobId?: unknown }>(endpoint, body);
        const id = typeof reply?.jobId === 'string' ? reply.jobId : null;
        if (!id) throw new ApiError(200, 'INVALID_RESPONSE', 'The server sent an unexpected response.');
        storage.write(storageKey, { jobId: id, request: body, seen: false });
        dispatch({ type: 'accepted', jobId: id });
      } catch (error) {
        // '' lets the page show its own fallback text when the server gave no message.
        dispatch({ type: 'failed', jobId: null, error: errorMessage(error, '') });
      }
    },
    [endpoint, dispatch, remember, storage, storageKey],
  );

  return { state, request, active: isActivePhase(state.phase), start };
}
