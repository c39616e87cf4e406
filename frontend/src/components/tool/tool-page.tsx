import { type ReactNode, useEffect, useRef } from 'react';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { ProviderNotice } from './provider-notice';
import { ResultActionsState } from './result-actions-state';
import type { JobMeta } from './tool-output';

/** A tool screen: its title, then the settings card on the left and the result on the right (000 §2). */
export function ToolPage({
  title,
  description,
  settings,
  result,
}: {
  title: string;
  description: string;
  settings: ReactNode;
  result: ReactNode;
}) {
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      {/* One column of minmax(0, 1fr) on phones: a wide control shrinks or wraps instead of widening the page. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid min-w-0 grid-cols-1 gap-6">{settings}</div>
        <div className="grid min-w-0 grid-cols-1 gap-6">{result}</div>
      </div>
    </PageContainer>
  );
}

/**
 * A settings card. With `onSubmit` its fields are one form: Enter in a text field generates,
 * through the card's submit button, so a disabled Generate also refuses Enter.
 */
export function SettingsCard({
  title = 'Settings',
  description,
  onSubmit,
  children,
}: {
  title?: string;
  description?: string;
  onSubmit?: () => void;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {onSubmit ? (
        <CardContent>
          <form
            noValidate
            aria-label={title}
            className="grid grid-cols-1 gap-5"
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {children}
          </form>
        </CardContent>
      ) : (
        <CardContent className="grid grid-cols-1 gap-5">{children}</CardContent>
      )}
    </Card>
  );
}

/** What the result card's live region says while a job runs (the outcome is announced). */
export const GENERATING_ANNOUNCEMENT = 'Generating...';

/**
 * The result card: title, live state or word count, the action buttons, who wrote it, then the views.
 * Its actions are disabled until `ready`; when a result becomes ready after a run, the card takes the
 * focus. Its polite live region follows the run: 'Generating...', then the
 * ready message or the failure, so every tool announces its outcome the same way.
 */
export function ResultCard({
  title = 'Preview',
  wordCount,
  writing,
  ready,
  readyMessage,
  failure = null,
  actions,
  meta,
  className,
  children,
}: {
  title?: string;
  /** Null before there is anything to count, and for results that are not text. */
  wordCount: number | null;
  /** True while the reply is being written into the views. */
  writing: boolean;
  /** True when a finished result is shown: the actions can act on it. */
  ready: boolean;
  /** What the screen reader hears when the result is ready, e.g. '412-word newsletter ready'. */
  readyMessage: string;
  /** Why the last run gave no result (the error toast's words), announced in place of the ready message. */
  failure?: string | null;
  actions?: ReactNode;
  meta: JobMeta;
  className?: string;
  children: ReactNode;
}) {
  const cardRef = useRef<HTMLDivElement>(null);
  const wasWriting = useRef(writing);
  useEffect(() => {
    if (writing) {
      wasWriting.current = true;
      return;
    }
    if (ready && wasWriting.current) {
      // The card's top (its title and actions) comes into view, below the sticky header (scroll-mt),
      // rather than whatever part of a tall card the browser would scroll to for the focus.
      cardRef.current?.focus({ preventScroll: true });
      cardRef.current?.scrollIntoView({ block: 'start' });
    }
    wasWriting.current = false;
  }, [writing, ready]);

  return (
    <Card
      ref={cardRef}
      tabIndex={-1}
      role="region"
      aria-label={title}
      data-testid="result-card"
      // A solid ring: at 50% opacity it measured 2.0:1 against the page, under WCAG 1.4.11's 3:1.
      className={cn(
        'min-w-0 scroll-mt-18 outline-none focus-visible:ring-[3px] focus-visible:ring-ring',
        className,
      )}
    >
      <p role="status" className="sr-only" data-testid="result-announcement">
        {writing ? GENERATING_ANNOUNCEMENT : ready ? readyMessage : (failure ?? '')}
      </p>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <CardTitle>{title}</CardTitle>
            {writing && (
              <Badge variant="secondary" className="animate-pulse" data-testid="writing-badge">
                Writing...
              </Badge>
            )}
          </div>
          {wordCount !== null && (
            <span className="text-muted-foreground text-sm" data-testid="word-count">
              {wordCount.toLocaleString('en-US')} {wordCount === 1 ? 'word' : 'words'}
            </span>
          )}
        </div>
        {actions && (
          <ResultActionsState.Provider value={{ disabled: !ready }}>
            <div className="flex flex-wrap gap-2">{actions}</div>
          </ResultActionsState.Provider>
        )}
        {meta.savedContent && (
          <p className="break-words text-muted-foreground text-xs" data-testid="saved-line">
            Saved to {meta.savedContent.clientName}'s profile.
          </p>
        )}
        <ProviderNotice meta={meta} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <ResultActionsState.Provider value={{ disabled: !ready }}>{children}</ResultActionsState.Provider>
      </CardContent>
    </Card>
  );
}
