import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

function RouteErrorScreen() {
  return (
    // It replaces the whole app, shell included, so it is the page's one main landmark (axe region).
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <TriangleAlert className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="font-semibold text-2xl">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">
        This page could not be displayed. Reload to try again; if it keeps happening, return to the home page.
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          {/* A full page load, since the app's own state may be what failed. */}
          <a href="/">Return to Home</a>
        </Button>
      </div>
    </main>
  );
}

/**
 * Catches a screen that throws while rendering or whose code fails to load (typically a stale tab after
 * a deploy replaced the chunks); reloading fetches the new ones. A new `resetKey` (the pathname)
 * clears the error, so navigating elsewhere works without remounting the app.
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled route error:', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}
