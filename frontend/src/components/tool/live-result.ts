import { type StreamingView, streamingView } from '#shared/streaming-preview';
import { countWords, htmlToText } from '#shared/text';
import { isActivePhase, type JobState } from './job-state';
import type { ToolOutput } from './tool-output';

export interface LiveResult {
  /** The partial reply while a job runs and no finished output replaces it yet. */
  readonly streaming: StreamingView | null;
  /** The finished output's word count, or a running count of what has been written so far. */
  readonly wordCount: number | null;
  readonly writing: boolean;
}

/** What the result card shows at this moment: the finished output, or the reply as it streams in. */
export function liveResult(job: JobState, output: ToolOutput | null): LiveResult {
  const writing = isActivePhase(job.phase);
  if (!writing) return { streaming: null, wordCount: output ? output.wordCount : null, writing: false };
  const streaming = streamingView(job.partialText);
  const words =
    streaming.kind === 'html'
      ? countWords(htmlToText(streaming.html))
      : streaming.kind === 'text'
        ? countWords(streaming.text)
        : null;
  return { streaming, wordCount: words, writing: true };
}
