import { Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';

/**
 * The generate button and, while a job runs, the progress bar with its percentage. The percentage is
 * the server's real progress (tokens written against the expected length), not a timer.
 */
export function GenerateButton({
  label,
  onClick,
  disabled,
  generating,
  progress,
  retryNote,
  variant = 'default',
  showProgress = true,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  generating: boolean;
  progress: number;
  retryNote?: string | null;
  variant?: 'default' | 'outline' | 'secondary';
  /** A second button of the same job (Regenerate) leaves the bar to the first. */
  showProgress?: boolean;
}) {
  const percent = Math.round(progress);
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant={variant}
        onClick={onClick}
        disabled={disabled || generating}
        className="w-full"
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
