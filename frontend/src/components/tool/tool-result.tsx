import type { ReactNode } from 'react';
import { isActivePhase } from './job-state';
import { liveResult } from './live-result';
import { type ResultView, ResultViews } from './result-views';
import type { ToolOutput } from './tool-output';
import { ResultCard } from './tool-page';
import type { ToolRun } from './use-tool-run';

/**
 * The result card of any tool run, whatever its output is (an HTML post, a gallery of images, an audio
 * file, a list): the page renders the output as `children`; the card locks the actions until there is
 * a result, takes focus and announces it when it is ready, and announces the failure when it fails.
 */
export function ToolResultCard<Request, Output, Form>({
  run,
  title,
  wordCount = null,
  readyMessage,
  actions,
  children,
}: {
  run: ToolRun<Request, Output, Form>;
  title?: string;
  /** For text results; null (the default) hides the count. */
  wordCount?: number | null;
  /** Announced when the result is ready (e.g. '3 images ready'); "<title> ready" by default. */
  readyMessage?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const writing = isActivePhase(run.job.phase);
  return (
    <ResultCard
      title={title}
      wordCount={wordCount}
      writing={writing}
      ready={run.output !== null && !writing}
      readyMessage={readyMessage ?? `${title ?? 'Result'} ready`}
      failure={run.failure}
      actions={actions}
      meta={run.meta}
    >
      {children}
    </ResultCard>
  );
}

/** The result card of a text tool: live while the job writes, then the finished output in its views. */
export function ToolResult<Request, Form>({
  run,
  views,
  title,
  frameTitle,
  empty,
  actions,
  tab,
  onTabChange,
  children,
}: {
  run: ToolRun<Request, ToolOutput, Form>;
  views: readonly ResultView[];
  title?: string;
  frameTitle: string;
  empty: ReactNode;
  actions?: ReactNode;
  /** The open tab, when the page needs to know it (Copy copies what the open tab shows). */
  tab?: ResultView;
  onTabChange?: (view: ResultView) => void;
  /** Extra blocks under the views (the FAQ's JSON-LD box). */
  children?: ReactNode;
}) {
  const live = liveResult(run.job, run.output);
  const words = live.wordCount;
  return (
    <ResultCard
      title={title}
      wordCount={words}
      writing={live.writing}
      ready={run.output !== null && !live.writing}
      readyMessage={`${frameTitle.replace(/ preview$/u, '')} ready: ${(words ?? 0).toLocaleString('en-US')} words`}
      failure={run.failure}
      actions={actions}
      meta={run.meta}
    >
      <ResultViews
        views={views}
        output={run.output}
        streaming={live.streaming}
        rawText={run.job.partialText}
        frameTitle={frameTitle}
        empty={live.writing ? 'Waiting for the first words...' : empty}
        {...(tab !== undefined ? { value: tab, onValueChange: onTabChange } : {})}
      />
      {children}
    </ResultCard>
  );
}
