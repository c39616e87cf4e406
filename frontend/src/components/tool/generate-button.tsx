import { Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';

/**
 * The generate button and, while a job runs, the progress bar with its percentage. The percentage is
 * the server's real progress (tokens written against the expected length), not a timer.
 *
 * While its job runs the button is `busy` (aria-disabled, not disabled, so the keyboard focus stays on
 * it); the result card announces 'Generating...' and the outcome, and takes the focus when the
 * result is ready.
 */
export function GenerateButton({
  label,
  run,
  onClick,
  disabled,
  variant = 'default',
  showProgress = true,
}: {
  label: string;
  /** The tool's run: whether it is generating, its progress and why it retries. */
  run: {
    readonly generating: boolean;
    readonly job: { readonly progress: number; readonly retryNote: string | null };
  };
  /** Without it the button submits its form (the settings card's `onSubmit`), so Enter generates too. */
  onClick?: () => void;
  disabled?: boolean;
  variant?: 'default' | 'outline' | 'secondary';
  /** A second button of the same job (Regenerate) leaves the bar to the first. */
  showProgress?: boolean;
}) {
  const { generating } = run;
  const { retryNote } = run.job;
  const percent = Math.round(run.job.progress);
  return (
    <div className="grid gap-2">
      <Button
        type={onClick ? 'button' : 'submit'}
        variant={variant}
        onClick={onClick}
        // Another job of the page (GBP's image while its post runs) may still disable it outright.
        disabled={disabled}
        busy={generating}
        // A long label ('Regenerate with Edited Instructions') wraps on a phone instead of widening the card.
        className="h-auto min-h-9 w-full whitespace-normal"
      >
        {generating ? <Spinner aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
        {generating ? 'Generating...' : label}
      </Button>
      {generating && showProgress && (
        <div className="grid gap-1" data-testid="generation-progress">
          <div className="flex items-center justify-between text-muted-foreground text-xs">
            <span>{percent === 0 ? 'Starting...' : 'Writing...'}</span>
            <span data-testid="progress-percent">{percent}%</span>
          </div>
          <Progress value={percent} aria-label="Generation progress" aria-valuetext={`${percent}%`} />
          {retryNote && (
            <p className="text-amber-700 text-xs dark:text-amber-400" role="status">
              Retrying: {retryNote}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
