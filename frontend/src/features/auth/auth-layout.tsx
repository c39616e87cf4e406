import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark, PRODUCT_NAME } from '@/components/layout/brand';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** The frame of every auth view: a link back to `/`, the brand, and one centred card. */
export function AuthLayout({
  title,
  description,
  onInteract,
  notice,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  /** A message above the card, e.g. why the user is here again ('Your session has ended…'). */
  notice?: ReactNode;
  /** Called on the first focus or pointer press inside the card (repeated calls are harmless). */
  onInteract?: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-b from-accent/60 via-background to-background">
      <header className="mx-auto w-full max-w-6xl px-4 py-5 md:px-6">
        <Link
          to="/"
          className="inline-flex items-center gap-2 text-muted-foreground text-sm transition-colors hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Home
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:pt-[8vh]">
        <div className="flex w-full max-w-md flex-col items-center gap-6">
          <Link to="/" className="flex items-center gap-2 font-semibold text-lg">
            {/* Important, not merged over the mark's own size-8: no tailwind-merge yet (lib/utils.ts). */}
            <BrandMark className="size-9!" />
            {PRODUCT_NAME}
          </Link>
          {notice && (
            <div
              role="status"
              className="w-full rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 text-sm dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              {notice}
            </div>
          )}
          <Card className="w-full" onFocusCapture={onInteract} onPointerDownCapture={onInteract}>
            <CardHeader className="text-center">
              {/* The view's name is the page's one heading (Welcome, Verify Your Email…). */}
              {/* CardTitle's own `leading-none` would override `text-xl`'s line height, since this screen
                  renders before tailwind-merge loads (lib/utils.ts): the same slot, classes as merged. */}
              <div data-slot="card-title" className="font-semibold text-xl">
                <h1>{title}</h1>
              </div>
              <CardDescription>{description}</CardDescription>
            </CardHeader>
            <CardContent>{children}</CardContent>
          </Card>
        </div>
      </main>
    </div>
  );
}
