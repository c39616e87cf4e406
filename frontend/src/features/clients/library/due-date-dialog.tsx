import { type FormEvent, useEffect, useState } from 'react';
import type { ClientContent } from '#shared/content';
import { Button } from '@/components/ui/button';
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
import { Spinner } from '@/components/ui/spinner';
import { DUE_DATE } from '../messages';
import { notifyError, notifySuccess } from '../notify';
import { useRetained } from '../use-retained';
import { setDueDate } from './history-api';

/** 'Set due date' of the item menu: the day an item is due, shown on the calendar. */
export function DueDateDialog({
  item,
  onClose,
  onSaved,
}: {
  item: ClientContent | null;
  onClose: () => void;
  onSaved: (item: ClientContent) => void;
}) {
  const shown = useRetained(item);
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState<'save' | 'clear' | null>(null);
  useEffect(() => {
    if (item) setValue(item.dueDate ?? '');
  }, [item]);

  const save = async (dueDate: string | null) => {
    if (!item || saving) return;
    setSaving(dueDate === null ? 'clear' : 'save');
    try {
      onSaved(await setDueDate(item, dueDate));
      notifySuccess(dueDate === null ? DUE_DATE.cleared : DUE_DATE.saved, item.title);
      onClose();
    } catch (error) {
      notifyError(error, DUE_DATE.failed);
    } finally {
      setSaving(null);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value !== '') void save(value);
  };

  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {shown && (
          <form onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{DUE_DATE.title}</DialogTitle>
              <DialogDescription>{DUE_DATE.description}</DialogDescription>
            </DialogHeader>
            <FormField label={DUE_DATE.label} htmlFor="due-date">
              <Input
                id="due-date"
                type="date"
                value={value}
                onChange={(event) => setValue(event.target.value)}
              />
            </FormField>
            <DialogFooter>
              {shown.dueDate && (
                <Button
                  type="button"
                  variant="outline"
                  busy={saving === 'clear'}
                  onClick={() => void save(null)}
                >
                  {saving === 'clear' && <Spinner />}
                  {DUE_DATE.clear}
                </Button>
              )}
              <Button type="submit" disabled={value === ''} busy={saving === 'save'}>
                {saving === 'save' && <Spinner />}
                {DUE_DATE.save}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
