import { Trash2, UserPlus, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Client } from '#shared/client';
import { formatDisplayDate } from '#shared/saved-title';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import type { ClientAccess } from './clients-api';
import { ACCESS_DIALOG } from './messages';
import { useClientAccess } from './use-client-access';
import { useRetained } from './use-retained';
import { viewerTimeZone } from './viewer-time-zone';

function GrantRow({ grant, onRemove }: { grant: ClientAccess; onRemove: () => Promise<void> }) {
  const [removing, setRemoving] = useState(false);
  return (
    <li
      className="flex items-center justify-between gap-3 rounded-md border px-3 py-2"
      data-testid="access-row"
    >
      <div className="min-w-0">
        <p className="truncate font-medium text-sm">{grant.user_email}</p>
        <p className="text-muted-foreground text-xs">
          Granted {formatDisplayDate(new Date(grant.created_at), viewerTimeZone())}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        busy={removing}
        aria-label={`${ACCESS_DIALOG.remove} ${grant.user_email}`}
        onClick={() => {
          setRemoving(true);
          void onRemove().finally(() => setRemoving(false));
        }}
      >
        {removing ? <Spinner /> : <Trash2 />}
        {ACCESS_DIALOG.remove}
      </Button>
    </li>
  );
}

function GrantList({
  grants,
  onRemove,
}: {
  grants: ClientAccess[] | null;
  onRemove: (grant: ClientAccess) => Promise<void>;
}) {
  if (grants === null) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (grants.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-md border border-dashed px-3 py-4 text-muted-foreground text-sm">
        <Users className="size-4" aria-hidden="true" />
        {ACCESS_DIALOG.noAccess}
      </p>
    );
  }
  return (
    <ul className="grid gap-2">
      {grants.map((grant) => (
        <GrantRow key={grant.id} grant={grant} onRemove={() => onRemove(grant)} />
      ))}
    </ul>
  );
}

/** 'Manage Client Access' (000 §2, §6): grant by e-mail, the current grants with removal, Close. */
export function AccessDialog({
  client,
  onOpenChange,
  onCount,
}: {
  /** The client whose access is managed; null keeps the dialog closed. */
  client: Pick<Client, 'id' | 'name'> | null;
  onOpenChange: (open: boolean) => void;
  onCount: (clientId: string, count: number) => void;
}) {
  const { grants, grant, remove } = useClientAccess(client?.id ?? null, onCount);
  const shown = useRetained(client);
  const [email, setEmail] = useState('');
  const [granting, setGranting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || granting) return;
    setGranting(true);
    if (await grant(email)) setEmail('');
    setGranting(false);
  };

  const close = () => {
    setEmail('');
    onOpenChange(false);
  };

  return (
    <Dialog open={client !== null} onOpenChange={(open) => (open ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{ACCESS_DIALOG.title}</DialogTitle>
          <DialogDescription>{ACCESS_DIALOG.description(shown?.name ?? '')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-2">
          <Label htmlFor="grant-access-email">{ACCESS_DIALOG.emailLabel}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="grant-access-email"
              type="email"
              autoComplete="off"
              placeholder={ACCESS_DIALOG.emailPlaceholder}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <Button type="submit" disabled={email.trim() === ''} busy={granting}>
              {granting ? <Spinner /> : <UserPlus />}
              {ACCESS_DIALOG.grant}
            </Button>
          </div>
        </form>
        <section className="grid gap-2">
          <h3 className="font-medium text-sm">{ACCESS_DIALOG.currentAccess}</h3>
          <GrantList grants={grants} onRemove={remove} />
        </section>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            {ACCESS_DIALOG.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
