/**
 * The partial text of a running job, rebuilt from the server's numbered pushes (functions/generation/
 * progress-stream.ts, docs/decisions.md "Job progress pushes"). Each push carries only the new text,
 * its attempt and a sequence number that starts at 1 for each attempt. Pushes are appended in order; a
 * push that skips a number (one was lost, or this page joined mid-job) is kept aside and the stream has
 * a gap, which the page fills by fetching the job's pushed text so far (GET /api/jobs/{id}?include=partial).
 */

export interface TextDelta {
  readonly attempt: number;
  readonly seq: number;
  readonly delta: string;
}

/** What the job has pushed so far, as the server stores it: the text up to push `seq` of `attempt`. */
export interface PartialText {
  readonly attempt: number;
  readonly seq: number;
  readonly text: string;
}

export interface TextStream extends PartialText {
  /** Pushes that arrived after a gap, in order, waiting for the gap to be filled. */
  readonly ahead: readonly TextDelta[];
}

export const emptyTextStream: TextStream = { attempt: 0, seq: 0, text: '', ahead: [] };

/** Pushes kept past a gap; older ones go first, since a later resync covers them anyway. */
const MAX_AHEAD = 1_000;

/** True when a push is missing: the text shown is behind, and the job should be fetched. */
export function hasGap(stream: TextStream): boolean {
  return stream.ahead.length > 0;
}

/** Appends the pushes kept aside that now follow on, in order. */
function drain(stream: TextStream): TextStream {
  let { seq, text } = stream;
  const ahead: TextDelta[] = [];
  for (const push of stream.ahead) {
    if (push.attempt !== stream.attempt || push.seq <= seq) continue;
    if (push.seq === seq + 1) {
      seq = push.seq;
      text += push.delta;
    } else {
      ahead.push(push);
    }
  }
  return { attempt: stream.attempt, seq, text, ahead };
}

function keepAside(ahead: readonly TextDelta[], push: TextDelta): TextDelta[] {
  if (ahead.some((kept) => kept.attempt === push.attempt && kept.seq === push.seq)) return [...ahead];
  return [...ahead, push].sort((a, b) => a.seq - b.seq).slice(-MAX_AHEAD);
}

/** One push: appended when it is the next, kept aside after a gap, ignored when old or repeated. */
export function appendDelta(stream: TextStream, push: TextDelta): TextStream {
  if (push.attempt < stream.attempt) return stream;
  // A new attempt (the job was retried) writes its text from the start.
  const base: TextStream =
    push.attempt > stream.attempt
      ? {
          attempt: push.attempt,
          seq: 0,
          text: '',
          ahead: stream.ahead.filter((kept) => kept.attempt === push.attempt),
        }
      : stream;
  if (push.seq <= base.seq) return base;
  if (push.seq === base.seq + 1) {
    return drain({ ...base, seq: push.seq, text: base.text + push.delta });
  }
  return { ...base, ahead: keepAside(base.ahead, push) };
}

/** The job's stored text so far: taken when it is further on than ours, then the pushes kept aside follow. */
export function resyncFrom(stream: TextStream, partial: PartialText): TextStream {
  if (partial.attempt < stream.attempt) return stream;
  if (partial.attempt === stream.attempt && partial.seq <= stream.seq) return stream;
  return drain({
    attempt: partial.attempt,
    seq: partial.seq,
    text: partial.text,
    ahead: stream.ahead.filter((kept) => kept.attempt === partial.attempt),
  });
}

/** Reads a push's fields from a WebSocket message; null when it is not a numbered push. */
export function textDeltaOf(message: Readonly<Record<string, unknown>>): TextDelta | null {
  const { attempt, seq, delta } = message;
  if (typeof attempt !== 'number' || typeof seq !== 'number' || typeof delta !== 'string') return null;
  if (!Number.isInteger(seq) || seq < 1) return null;
  return { attempt, seq, delta };
}

/** Reads `partial` from a GET /api/jobs/{id}?include=partial body; null when absent or malformed. */
export function partialTextOf(value: unknown): PartialText | null {
  if (typeof value !== 'object' || value === null) return null;
  const { attempt, seq, text } = value as Record<string, unknown>;
  if (typeof attempt !== 'number' || typeof seq !== 'number' || typeof text !== 'string') return null;
  return { attempt, seq, text };
}
