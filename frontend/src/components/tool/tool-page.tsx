import type { ReactNode } from 'react';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { ProviderNotice } from './provider-notice';
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
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid min-w-0 gap-6">{settings}</div>
        <div className="grid min-w-0 gap-6">{result}</div>
      </div>
    </PageContainer>
  );
}

export function SettingsCard({
  title = 'Settings',
  description,
  children,
}: {
  title?: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  );
}

/** The result card: title, live state or word count, the action buttons, who wrote it, then the views. */
export function ResultCard({
  title = 'Preview',
  wordCount,
  writing,
  actions,
  meta,
  className,
  children,
}: {
  title?: string;
  /** Null before there is anything to count. */
  wordCount: number | null;
  /** True while the reply is being written into the views. */
  writing: boolean;
  actions?: ReactNode;
  meta: JobMeta;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('min-w-0', className)}>
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
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        {meta.savedContent && (
          <p className="text-muted-foreground text-xs" data-testid="saved-line">
            Saved to {meta.savedContent.clientName}'s profile.
          </p>
        )}
        <ProviderNotice meta={meta} />
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}
