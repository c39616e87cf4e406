import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink as ExternalIcon, PlugZap } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ClientContent } from '#shared/content';
import { toContentSummary } from '#shared/content-summary';
import { endSentence } from '#shared/text';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { WORDPRESS_MESSAGES } from '#shared/wordpress';
import { ExternalLink } from '@/components/layout/external-link';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { ClientSelectItems } from '@/components/tool/client-select-items';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadFailed } from '@/components/ui/load-failed';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { ContentLibraryTab } from './content-library-tab';
import { PublishedPostsTab } from './published-posts-tab';
import { testConnection, type WordPressClient } from './publisher-api';
import { publisherItemChanged, publisherLibraryQuery, wordPressClientsQuery } from './queries';

function useLibrary(clientId: string | null) {
  const queryClient = useQueryClient();
  const { data, error, refetch } = useQuery({
    ...publisherLibraryQuery(clientId ?? ''),
    enabled: clientId !== null,
  });
  // A refused session shows the skeleton, not a failure: the guard is taking the user to sign in.
  const failed = error && !isSessionEnded(error) ? TOOL_MESSAGES.fetchContentFailed : null;
  const replace = useCallback(
    (changed: ClientContent) => {
      if (clientId) publisherItemChanged(queryClient, clientId, toContentSummary(changed));
    },
    [queryClient, clientId],
  );
  return { items: data ?? null, failed, reload: () => void refetch(), replace };
}

function ConnectionCard({ client }: { client: WordPressClient }) {
  const [testing, setTesting] = useState(false);
  // A failed test is shown at the site's URL as well as in the toast, for that client only.
  const [failure, setFailure] = useState<{ clientId: string; message: string } | null>(null);
  const connectionError = failure?.clientId === client.id ? failure.message : null;
  const test = async () => {
    setTesting(true);
    setFailure(null);
    try {
      const result = await testConnection(client.id);
      const missing = [!result.canPublish && 'publish posts', !result.canUpload && 'upload images'].filter(
        Boolean,
      );
      void toast({
        title: 'WordPress connection works',
        description:
          endSentence(`Signed in to ${result.siteName || client.wordpress_url} as ${result.userName}`) +
          (missing.length > 0 ? ` This user may not ${missing.join(' or ')}.` : ''),
        variant: missing.length > 0 ? 'default' : 'success',
      });
    } catch (error) {
      const message = errorMessage(error, WORDPRESS_MESSAGES.connectionError);
      setFailure({ clientId: client.id, message });
      void toast({
        title: WORDPRESS_MESSAGES.connectionErrorTitle,
        description: message,
        variant: 'destructive',
      });
    } finally {
      setTesting(false);
    }
  };
  const url = client.wordpress_url ?? '';
  return (
    <Card>
      <CardContent className="flex flex-col gap-3">
        <FormField
          label="WordPress URL"
          htmlFor="wordpress-url"
          error={connectionError}
          action={
            <Badge
              variant={client.wordpress_configured ? 'green' : 'secondary'}
              data-testid="connection-badge"
            >
              {client.wordpress_configured ? 'Configured' : 'Not Configured'}
            </Badge>
          }
        >
          <div className="flex gap-2">
            <Input id="wordpress-url" value={url} readOnly className="min-w-0 flex-1" />
            <Button asChild variant="outline" size="icon" className="shrink-0">
              <ExternalLink href={url} aria-label="Open the WordPress site in a new tab">
                <ExternalIcon aria-hidden="true" />
              </ExternalLink>
            </Button>
          </div>
        </FormField>
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            busy={testing}
            disabled={!client.wordpress_configured}
            onClick={() => void test()}
          >
            <PlugZap aria-hidden="true" />
            {testing ? 'Testing…' : 'Test connection'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** 001 §2 WordPress Publisher: a client's content library and the posts on its WordPress site. */
export function WordPressPublisherPage() {
  const clientsQuery = useQuery(wordPressClientsQuery());
  const clients = clientsQuery.data ?? null;
  const failed =
    clientsQuery.error && !isSessionEnded(clientsQuery.error)
      ? errorMessage(clientsQuery.error, TOOL_MESSAGES.fetchClientsFailed)
      : null;
  const [params, setParams] = useSearchParams();
  const requested = params.get('clientId');

  const selected = clients?.find((client) => client.id === requested) ?? clients?.[0] ?? null;
  const library = useLibrary(selected?.id ?? null);
  const choose = (clientId: string) => setParams({ clientId }, { replace: true });

  return (
    <PageContainer>
      <PageHeader
        title="WordPress Publisher"
        description="Publish saved content to your clients' WordPress sites."
      />
      {failed ? (
        <LoadFailed message={failed} onRetry={() => void clientsQuery.refetch()} />
      ) : !clients ? (
        <Skeleton className="h-32 w-full" />
      ) : clients.length === 0 ? (
        <p className="rounded-lg border border-dashed px-6 py-12 text-center text-muted-foreground">
          {WORDPRESS_MESSAGES.noClients}
        </p>
      ) : (
        selected && (
          <>
            <div className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
              <FormField label="Client" htmlFor="wordpress-client" className="content-start">
                <Select value={selected.id} onValueChange={choose}>
                  <SelectTrigger id="wordpress-client" className="w-full">
                    <SelectValue placeholder="Select a client" />
                  </SelectTrigger>
                  <SelectContent>
                    <ClientSelectItems clients={clients} />
                  </SelectContent>
                </Select>
              </FormField>
              <ConnectionCard client={selected} />
            </div>
            <Tabs defaultValue="library">
              <TabsList>
                <TabsTrigger value="library">Content Library</TabsTrigger>
                <TabsTrigger value="posts">Published Posts</TabsTrigger>
              </TabsList>
              <TabsContent value="library" className="pt-2">
                <ContentLibraryTab
                  clientId={selected.id}
                  rules={{
                    requireApproval: selected.require_approval,
                    approvalSteps: selected.approval_steps,
                  }}
                  items={library.items}
                  failed={library.failed}
                  onRetry={library.reload}
                  onChanged={library.replace}
                />
              </TabsContent>
              <TabsContent value="posts" className="pt-2">
                <PublishedPostsTab key={selected.id} clientId={selected.id} />
              </TabsContent>
            </Tabs>
          </>
        )
      )}
    </PageContainer>
  );
}
