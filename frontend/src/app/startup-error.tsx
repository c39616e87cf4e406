import { CloudOff } from 'lucide-react';

/** Shown instead of the app when /config.json cannot be loaded: nothing else can work without it. */
export function StartupError({ message }: { message: string }) {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <CloudOff className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="font-semibold text-2xl">LBM Studio could not start</h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <button
        type="button"
        className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground text-sm hover:bg-primary/90"
        onClick={() => window.location.reload()}
      >
        Try again
      </button>
    </div>
  );
}
