import type { ReactNode } from 'react';
import { liveResult } from './live-result';
import { type ResultView, ResultViews } from './result-views';
import { ResultCard } from './tool-page';
import type { ToolRun } from './use-tool-run';

/** The result card of a tool run: live while the job writes, then the finished output in its views. */
export function ToolResult<Request>({
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
  run: ToolRun<Request>;
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
  return (
    <ResultCard
      title={title}
      wordCount={live.wordCount}
      writing={live.writing}
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
