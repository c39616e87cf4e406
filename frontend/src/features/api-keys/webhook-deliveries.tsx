import { RotateCw } from 'lucide-react';
import type { WebhookDelivery } from '#shared/webhook-schemas';
import { WEBHOOK_MESSAGES, type WebhookDeliveryStatus } from '#shared/webhooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { formatKeyDate } from './api-key-dates';
import { toastFailure } from './failure-toast';
import { useDeliveries, useRedeliver } from './use-webhooks';

const STATUS_BADGE: Readonly<
  Record<WebhookDeliveryStatus, { label: string; variant: 'green' | 'orange' | 'destructive' }>
> = {
  succeeded: { label: 'Delivered', variant: 'green' },
  pending: { label: 'Retrying', variant: 'orange' },
  failed: { label: 'Failed', variant: 'destructive' },
};

export function DeliveryStatusBadge({
  status,
  attempts,
}: {
  status: WebhookDeliveryStatus;
  attempts: number;
}) {
  const badge = STATUS_BADGE[status];
  // A pending delivery not tried yet is on its way, not retrying.
  return (
    <Badge variant={badge.variant}>{status === 'pending' && attempts === 0 ? 'Sending' : badge.label}</Badge>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const redeliver = useRedeliver();
  const send = async () => {
    try {
      await redeliver.mutateAsync({ webhookId: delivery.webhookId, deliveryId: delivery.deliveryId });
      void toast({ title: WEBHOOK_MESSAGES.redelivered, variant: 'success' });
    } catch (error) {
      toastFailure(error, WEBHOOK_MESSAGES.redeliverFailed);
    }
  };
  const outcome = [
    delivery.responseStatus === null ? null : `HTTP ${delivery.responseStatus}`,
    delivery.status === 'succeeded' ? null : delivery.error,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center" data-testid="webhook-delivery">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <code className="font-mono text-xs">{delivery.type}</code>
          <DeliveryStatusBadge status={delivery.status} attempts={delivery.attempts} />
          <span className="text-muted-foreground text-xs">
            {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
          </span>
        </div>
        <p className="break-words text-muted-foreground text-xs">
          {formatKeyDate(delivery.createdAt)}
          {outcome && <> · {outcome}</>}
          {delivery.nextAttemptAt && delivery.attempts > 0 && (
            <> · Next attempt {formatKeyDate(delivery.nextAttemptAt)}</>
          )}
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        busy={redeliver.isPending}
        onClick={() => void send()}
        aria-label={`Redeliver ${delivery.type} of ${formatKeyDate(delivery.createdAt)}`}
      >
        <RotateCw aria-hidden />
        Redeliver
      </Button>
    </li>
  );
}

/** An endpoint's newest deliveries, read again while one is still pending. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const { deliveries, failed, reload } = useDeliveries(webhookId);
  if (failed) {
    return (
      <div className="p-4">
        <LoadFailed message={WEBHOOK_MESSAGES.deliveriesFailed} onRetry={reload} />
      </div>
    );
  }
  if (deliveries === null) {
    return (
      <div className="space-y-2 p-4" aria-busy="true">
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (deliveries.length === 0) {
    return (
      <p className="px-4 py-3 text-muted-foreground text-sm">
        No deliveries yet. Send a test event to try it.
      </p>
    );
  }
  return (
    <ul className="divide-y" aria-label="Deliveries">
      {deliveries.map((delivery) => (
        <DeliveryRow key={delivery.deliveryId} delivery={delivery} />
      ))}
    </ul>
  );
}
