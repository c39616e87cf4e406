import { format } from 'date-fns';
import { ArrowLeft, Copy, Inbox, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { fetchMailbox, MAILBOX_KIND_LABELS, type MailboxMessage } from './mailbox';

const POLL_INTERVAL_MS = 3000;

function MessageCard({ message }: { message: MailboxMessage }) {
  const copyCode = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: 'Copied!', description: 'Code copied to clipboard', variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Failed to copy the code', variant: 'destructive' });
    }
  };

  return (
    <Card className="gap-4" data-testid="mailbox-message">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Badge
            variant={
              message.kind === 'reset' ? 'purple' : message.kind === 'confirmation' ? 'blue' : 'secondary'
            }
          >
            {MAILBOX_KIND_LABELS[message.kind]}
          </Badge>
          <span className="text-muted-foreground text-xs">
            {format(new Date(message.sentAt), 'MMM d, yyyy, h:mm a')}
          </span>
        </div>
        <CardTitle className="text-base">{message.subject}</CardTitle>
        <CardDescription>To: {message.to}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {message.code && (
          <div className="flex flex-wrap items-center gap-3">
            <code className="rounded-md border bg-muted px-3 py-1.5 font-mono font-semibold text-xl tracking-[0.3em]">
              {message.code}
            </code>
            <Button variant="outline" size="sm" onClick={() => message.code && copyCode(message.code)}>
              <Copy />
              Copy code
            </Button>
          </div>
        )}
        <pre className="whitespace-pre-wrap break-words rounded-md bg-muted/50 p-3 font-sans text-muted-foreground text-sm">
          {message.text}
        </pre>
      </CardContent>
    </Card>
  );
}

/** Local runtime only: the e-mails Cognito (sign-up and reset codes) and the app (notifications) would have sent. */
export function DevMailboxPage() {
  const [messages, setMessages] = useState<MailboxMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setMessages(await fetchMailbox());
      setError(null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  return (
    <div className="min-h-svh bg-muted/30">
      <PageContainer className="max-w-3xl">
        <Link
          to="/auth"
          className="inline-flex items-center gap-2 text-muted-foreground text-sm transition-colors hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Sign In
        </Link>
        <PageHeader
          title="Dev mailbox"
          description="Local mode: the emails Cognito and the app would have sent, newest first. Refreshes every few seconds."
          actions={
            <Button variant="outline" onClick={() => void load()}>
              <RefreshCw />
              Refresh
            </Button>
          }
        />
        {error && (
          <Alert variant="destructive">
            <AlertTitle>Mailbox unavailable</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        {messages === null && !error && (
          <div className="grid gap-4">
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        )}
        {messages?.length === 0 && (
          <Card className="items-center py-12 text-center">
            <Inbox className="size-10 text-muted-foreground" aria-hidden="true" />
            <CardTitle>No emails yet</CardTitle>
            <CardDescription>
              Sign up or request a password reset and the email will appear here.
            </CardDescription>
          </Card>
        )}
        <div className="grid gap-4">
          {messages?.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </div>
      </PageContainer>
    </div>
  );
}
