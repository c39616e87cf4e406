import { type FormEvent, useId, useState } from 'react';
import type { CreatedWebhook } from '#shared/webhook-schemas';
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  type WebhookEvent,
} from '#shared/webhooks';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateWebhook } from './use-webhooks';

interface AddWebhookDialogProps {
  readonly open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(created: CreatedWebhook): void;
}

/** The address and the events of a new endpoint; the server checks the address (https, not private). */
export function AddWebhookDialog({ open, onOpenChange, onCreated }: AddWebhookDialogProps) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<readonly WebhookEvent[]>(['job.succeeded', 'job.failed']);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const create = useCreateWebhook();
  const groupId = useId();

  const toggle = (event: WebhookEvent, checked: boolean) => {
    setEvents((current) => (checked ? [...current, event] : current.filter((item) => item !== event)));
    setEventsError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    const urlProblem = address === '' ? WEBHOOK_MESSAGES.urlRequired : null;
    const eventsProblem = events.length === 0 ? WEBHOOK_MESSAGES.eventsRequired : null;
    setUrlError(urlProblem);
    setEventsError(eventsProblem);
    if (urlProblem || eventsProblem) return;
    try {
      // In the catalogue's order, whatever order they were ticked in.
      const ordered = WEBHOOK_EVENTS.filter((item) => events.includes(item));
      const created = await create.mutateAsync({ url: address, events: ordered });
      onCreated(created);
      setUrl('');
      void toast({ title: WEBHOOK_MESSAGES.created, variant: 'success' });
    } catch (error) {
      if (isSessionEnded(error)) return;
      // The server's reason (an address it refuses) belongs at the field.
      setUrlError(errorMessage(error, WEBHOOK_MESSAGES.createFailed));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>Add webhook endpoint</DialogTitle>
            <DialogDescription>
              LBM Studio sends each event you choose to this address as a signed POST.
            </DialogDescription>
          </DialogHeader>
          <FormField
            label="Endpoint URL"
            htmlFor="webhook-url"
            required
            error={urlError}
            hint="An https:// address of your own server."
          >
            <Input
              id="webhook-url"
              type="url"
              inputMode="url"
              value={url}
              placeholder="https://hooks.example.com/lbm"
              onChange={(event) => {
                setUrl(event.target.value);
                setUrlError(null);
              }}
            />
          </FormField>
          <fieldset className="space-y-2" aria-describedby={eventsError ? `${groupId}-error` : undefined}>
            <legend className="font-medium text-sm">Events</legend>
            {WEBHOOK_EVENTS.map((item) => {
              const id = `${groupId}-${item}`;
              return (
                <div key={item} className="flex items-start gap-2">
                  <Checkbox
                    id={id}
                    checked={events.includes(item)}
                    onCheckedChange={(checked) => toggle(item, checked === true)}
                    className="mt-0.5"
                  />
                  <label htmlFor={id} className="text-sm leading-snug">
                    <code className="font-mono text-xs">{item}</code>
                    <span className="block text-muted-foreground text-xs">
                      {WEBHOOK_EVENT_DESCRIPTIONS[item]}
                    </span>
                  </label>
                </div>
              );
            })}
            {eventsError && (
              <p id={`${groupId}-error`} className="text-destructive text-sm" role="alert">
                {eventsError}
              </p>
            )}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={create.isPending}>
              {create.isPending ? 'Adding…' : 'Add endpoint'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
