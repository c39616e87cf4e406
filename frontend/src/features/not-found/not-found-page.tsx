import { Home } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';

/** Spec 000 §2: any unknown path. The missing path is logged so broken links show up in the console. */
export function NotFoundPage() {
  const location = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 p-6 text-center">
      <p className="font-bold text-7xl text-primary/80 tracking-tight">404</p>
      <div className="space-y-2">
        <h1 className="font-semibold text-2xl">Oops! Page not found</h1>
        <p className="max-w-md text-muted-foreground">
          There is no page at{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 text-foreground text-sm">{location.pathname}</code>.
        </p>
      </div>
      <Button asChild>
        <Link to="/">
          <Home />
          Return to Home
        </Link>
      </Button>
    </main>
  );
}
