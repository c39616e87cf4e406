import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Plus, Send, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import type { CreatedWebhook, Webhook } from '#shared/webhook-schemas';
import { MAX_WEBHOOKS_PER_USER, WEBHOOK_MESSAGES } from '#shared/webhooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { AddWebhookDialog } from './add-webhook-dialog';
import { formatKeyDate } from './api-key-dates';
import { toastFailure } from './failure-toast';
import { deliveriesQuery } from './queries';
import { useDeleteWebhook, useSendTestEvent, useWebhooks } from './use-webhooks';
import { DeliveryStatusBadge, WebhookDeliveries } from './webhook-deliveries';
import { WebhookSecretBanner } from './webhook-secret-banner';

function WebhookRow({ webhook, onDelete }: { webhook: Webhook; onDelete: (webhook: Webhook) => void }) {
  const [open, setOpen] = useState(false);
  const test = useSendTestEvent();
  const sendTest = async () => {
    try {
      await test.mutateAsync({ webhookId: webhook.webhookId });
      setOpen(true);
      void toast({ title: WEBHOOK_MESSAGES.testSent, variant: 'success' });
    } catch (error) {
      toastFailure(error, WEBHOOK_MESSAGES.testFailed);
    }
  };
  // The deliveries list, once read, is newer than the endpoint's own summary (it is polled while an
  // attempt is pending): its newest attempt is the last delivery shown.
  const { data: deliveries } = useQuery({ ...deliveriesQuery(webhook.webhookId), enabled: false });
  const newest = deliveries?.find((delivery) => delivery.lastAttemptAt !== null);
  const last =
    newest?.lastAttemptAt && (!webhook.lastDelivery || newest.lastAttemptAt >= webhook.lastDelivery.at)
      ? { status: newest.status, at: newest.lastAttemptAt, responseStatus: newest.responseStatus }
      : webhook.lastDelivery;
  const panelId = `webhook-deliveries-${webhook.webhookId}`;
  return (
    <li data-testid="webhook-row">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1 space-y-1.5">
          <code className="block break-all font-mono text-sm">{webhook.url}</code>
          <div className="flex flex-wrap gap-1">
            {webhook.events.map((event) => (
              <Badge key={event} variant="secondary" className="font-mono">
                {event}
              </Badge>
            ))}
          </div>
          <p className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-xs">
            Added {formatKeyDate(webhook.createdAt)} ·{' '}
            {last ? (
              <>
                Last delivery {formatKeyDate(last.at)}
                {last.responseStatus !== null && <> (HTTP {last.responseStatus})</>}
                <DeliveryStatusBadge status={last.status} attempts={1} />
              </>
            ) : (
              'No deliveries yet'
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            busy={test.isPending}
            onClick={() => void sendTest()}
          >
            <Send aria-hidden />
            Send test event
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((current) => !current)}
          >
            {open ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
            Deliveries
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={() => onDelete(webhook)}
            aria-label={`Delete ${webhook.url}`}
          >
            <Trash2 aria-hidden className="text-destructive" />
          </Button>
        </div>
      </div>
      {open && (
        <div id={panelId} className="border-t bg-muted/30">
          <WebhookDeliveries webhookId={webhook.webhookId} />
        </div>
      )}
    </li>
  );
}

/**
 * The caller's webhook endpoints (docs/architecture.md, "Webhooks"): add one (its secret shown once),
 * send it a test event, read its deliveries and send one again, delete it.
 */
export function WebhooksCard() {
  const { webhooks, failed, reload } = useWebhooks();
  const remove = useDeleteWebhook();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Webhook | null>(null);
  const full = (webhooks?.length ?? 0) >= MAX_WEBHOOKS_PER_USER;

  const confirmDelete = async () => {
    const webhook = pendingDelete;
    if (!webhook) return;
    setPendingDelete(null);
    try {
      await remove.mutateAsync(webhook);
      if (created?.webhookId === webhook.webhookId) setCreated(null);
      void toast({ title: WEBHOOK_MESSAGES.deleted, variant: 'success' });
    } catch (error) {
      toastFailure(error, WEBHOOK_MESSAGES.deleteFailed);
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div className="space-y-1.5">
          <CardTitle className="flex items-center gap-2">
            <WebhookIcon aria-hidden className="size-5" />
            Webhooks
          </CardTitle>
          <CardDescription>
            Your server hears of finished jobs, client reviews and publishes as they happen, signed so it can
            check they came from LBM Studio.
          </CardDescription>
        </div>
        <Button
          type="button"
          size="sm"
          onClick={() => setAdding(true)}
          disabled={full}
          title={full ? WEBHOOK_MESSAGES.tooMany : undefined}
        >
          <Plus aria-hidden />
          Add endpoint
        </Button>
      </CardHeader>
      <CardContent className="space-y-4 p-0">
        {created && (
          <div className="px-6">
            <WebhookSecretBanner created={created} onDismiss={() => setCreated(null)} />
          </div>
        )}
        {failed ? (
          <div className="p-4">
            <LoadFailed message={WEBHOOK_MESSAGES.fetchFailed} onRetry={reload} />
          </div>
        ) : webhooks === null ? (
          <div className="space-y-3 p-4" aria-busy="true">
            <Skeleton className="h-14 w-full" />
          </div>
        ) : webhooks.length === 0 ? (
          <p className="p-6 text-center text-muted-foreground">No webhook endpoints yet.</p>
        ) : (
          <ul className="divide-y border-t" aria-label="Webhook endpoints">
            {webhooks.map((webhook) => (
              <WebhookRow key={webhook.webhookId} webhook={webhook} onDelete={setPendingDelete} />
            ))}
          </ul>
        )}
      </CardContent>
      <AddWebhookDialog
        open={adding}
        onOpenChange={setAdding}
        onCreated={(webhook) => {
          setAdding(false);
          setCreated(webhook);
        }}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete webhook endpoint?"
        description={`${pendingDelete?.url ?? ''} gets no more events, retries already queued included.`}
        descriptionClassName="break-all"
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Card>
  );
}
