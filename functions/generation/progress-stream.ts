/**
 * Turns a reply that grows chunk by chunk into the pushes a browser receives
 * (docs/decisions.md, "Job progress pushes"). Each push carries only the text written since the one before (a
 * delta) and a sequence number that starts at 1 for each attempt of the job, so the pushed bytes grow
 * linearly with the reply and a browser can tell a missed push (a gap in the numbers) from a late one.
 *
 * The first text is due at once, and so is the first text a reader can see: models often open with
 * markup alone (a code fence, `<h2>`, a JSON key), which renders nothing, and the words that follow must
 * not wait for a push interval either. Otherwise pushes are batched: text that arrives
 * within the interval goes out together.
 */
import { hasVisibleText } from '#shared/streaming-preview';

/** How often a growing reply is pushed after its first text. */
export const PUSH_INTERVAL_MS = 150;

/**
 * The most characters one push carries. A character takes at most 6 bytes once JSON-escaped (`\u0001`),
 * so 16 K characters stay under API Gateway's 128 KB per message with room for the envelope.
 */
export const MAX_DELTA_CHARS = 16_384;

/**
 * How much of a reply is read for its first visible words. Each new chunk rereads the reply so far, so
 * a reply that is still only markup past this length is pushed at the interval like the rest.
 */
export const VISIBLE_TEXT_SCAN_CHARS = 8_192;

export interface TextDelta {
  readonly seq: number;
  readonly delta: string;
}

/** Where a cut at `end` lands without splitting a surrogate pair (an emoji) across two pushes. */
function safeCut(text: string, start: number, end: number): number {
  if (end >= text.length || end <= start + 1) return end;
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

export class ProgressStream {
  private text = '';
  private sentChars = 0;
  private seq = 0;
  private lastPushAt: number | null = null;
  /** Whether the pushes so far hold words a reader sees; until then, new words are due at once. */
  private visibleSent = false;

  constructor(
    private readonly intervalMs: number = PUSH_INTERVAL_MS,
    private readonly maxDeltaChars: number = MAX_DELTA_CHARS,
  ) {}

  /** True when the unsent text brings the first words the reader sees. */
  private bringsFirstVisibleText(): boolean {
    if (this.visibleSent || this.text.length > VISIBLE_TEXT_SCAN_CHARS) return false;
    return hasVisibleText(this.text);
  }

  append(chunk: string): void {
    this.text += chunk;
  }

  /** Everything written so far. */
  get fullText(): string {
    return this.text;
  }

  /** What the pushes so far add up to, with the number of the last one: what a browser resyncs from. */
  snapshot(): { readonly seq: number; readonly text: string } {
    return { seq: this.seq, text: this.text.slice(0, this.sentChars) };
  }

  /**
   * The pushes due at `now`: none when nothing new was written, or while the interval since the last
   * push runs and the new text adds no first visible words; otherwise the unsent text, cut into pieces
   * no longer than the limit.
   */
  due(now: number): TextDelta[] {
    if (this.sentChars === this.text.length) return [];
    const firstVisible = this.bringsFirstVisibleText();
    const waiting = this.lastPushAt !== null && now - this.lastPushAt < this.intervalMs;
    if (waiting && !firstVisible) return [];
    this.lastPushAt = now;
    if (firstVisible) this.visibleSent = true;
    return this.flush();
  }

  /** Every unsent piece regardless of the interval: the end of the stream. */
  flush(): TextDelta[] {
    const pushes: TextDelta[] = [];
    while (this.sentChars < this.text.length) {
      const end = safeCut(
        this.text,
        this.sentChars,
        Math.min(this.text.length, this.sentChars + this.maxDeltaChars),
      );
      this.seq += 1;
      pushes.push({ seq: this.seq, delta: this.text.slice(this.sentChars, end) });
      this.sentChars = end;
    }
    return pushes;
  }
}

/** Progress and the pushed text are stored at most once a second (the row a poll or a resync reads). */
export const SAVE_PROGRESS_INTERVAL_MS = 1_000;

/**
 * Stored text is rewritten whole, so a long reply is stored less often: after storing `savedLength`
 * characters, the next save waits long enough to average about 16 K characters a second (160 K: 10 s),
 * so DynamoDB writes grow linearly with the reply's duration, not quadratically with its length.
 */
export const SAVE_CHARS_PER_SECOND = 16_384;

export function saveIntervalMs(savedLength: number): number {
  return Math.max(SAVE_PROGRESS_INTERVAL_MS, Math.ceil((1000 * savedLength) / SAVE_CHARS_PER_SECOND));
}
