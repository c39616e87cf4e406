import { type FormEvent, useEffect, useState } from 'react';
import { CLIENT_NAME_REQUIRED, type Client } from '#shared/client';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { preloadToaster, toast } from '@/lib/toast';
import { ClientForm } from './client-form';
import {
  type ClientFormValues,
  clientToForm,
  defaultClientForm,
  formToInput,
  isNameMissing,
  wordpressUrlProblem,
} from './client-form-values';
import { createClient, updateClient } from './clients-api';
import { CLIENT_DIALOGS, CLIENT_ERRORS, CLIENT_TOASTS } from './messages';
import { notifyError, notifySuccess } from './notify';

export interface ClientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client to edit; null opens 'Add New Client'. */
  client: Client | null;
  onSaved: (client: Client) => void;
}

const formValuesFor = (client: Client | null): ClientFormValues =>
  client ? clientToForm(client) : defaultClientForm();

/**
 * 'Add New Client' and 'Edit Client' (000 §2). The form starts from the defaults (add) or the client
 * (edit) every time it opens, so both a finished add and a cancel leave it reset (000 §4).
 */
export function ClientFormDialog({ open, onOpenChange, client, onSaved }: ClientFormDialogProps) {
  const [values, setValues] = useState<ClientFormValues>(() => formValuesFor(client));
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'wordpress_url', string>>>({});
  const editing = client !== null;

  useEffect(() => {
    if (!open) return;
    setValues(formValuesFor(client));
    setErrors({});
    preloadToaster();
  }, [open, client]);

  const close = () => {
    setValues(formValuesFor(client));
    onOpenChange(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (isNameMissing(values)) {
      setErrors({ name: CLIENT_NAME_REQUIRED.message });
      void toast({
        title: CLIENT_NAME_REQUIRED.title,
        description: CLIENT_NAME_REQUIRED.message,
        variant: 'destructive',
      });
      return;
    }
    const urlProblem = wordpressUrlProblem(values);
    if (urlProblem) {
      setErrors({ wordpress_url: urlProblem });
      void toast({ ...CLIENT_ERRORS.wordpressUrl, variant: 'destructive' });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const input = formToInput(values);
      const saved = client ? await updateClient(client.id, input) : await createClient(input);
      onSaved(saved);
      notifySuccess(editing ? CLIENT_TOASTS.updated : CLIENT_TOASTS.added, saved.name);
      close();
    } catch (error) {
      notifyError(error, editing ? CLIENT_ERRORS.update : CLIENT_ERRORS.add);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="gap-0 p-0 sm:max-w-2xl">
        <form onSubmit={submit} className="flex max-h-[calc(100dvh-2rem)] flex-col">
          <DialogHeader className="border-b px-6 pt-6 pb-4">
            <DialogTitle>{editing ? CLIENT_DIALOGS.editTitle : CLIENT_DIALOGS.addTitle}</DialogTitle>
            <DialogDescription>
              {editing ? CLIENT_DIALOGS.editDescription : CLIENT_DIALOGS.addDescription}
            </DialogDescription>
          </DialogHeader>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
            <ClientForm
              idPrefix={editing ? 'edit-client' : 'add-client'}
              values={values}
              onChange={setValues}
              passwordSaved={client?.wordpress_configured ?? false}
              errors={errors}
            />
          </div>
          <DialogFooter className="border-t px-6 py-4">
            <Button type="button" variant="outline" onClick={close}>
              {CLIENT_DIALOGS.cancel}
            </Button>
            <Button type="submit" busy={saving}>
              {saving && <Spinner />}
              {editing ? CLIENT_DIALOGS.editSubmit : CLIENT_DIALOGS.addSubmit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
